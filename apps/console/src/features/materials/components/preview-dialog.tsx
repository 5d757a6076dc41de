import { App, Button, Flex, Input, Modal, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AppInfo, type MaterialDetail } from '@beacon/shared';
import { useAuditMaterial } from '../api/audit-material';
import { useMaterial } from '../api/get-material';
import { AUDIT_REASON_MAX, checkAuditReason } from '../lib/audit-reason';
import { mayDecide } from '../lib/material-access';
import { MaterialContent } from './material-content';
import { Form } from '../../../components/form';

interface PreviewDialogProps {
  appId: number;
  materialId: number;
  app: Pick<AppInfo, 'title' | 'projectLevel'>;
  /** Once the material is in (the dashboard's link shows its type's list). */
  onLoaded?: (material: MaterialDetail) => void;
  onClose: () => void;
}

/**
 * A material's review (spec §2 Material audit, §4 Material): its preview (content, languages, national attributes)
 * and, for project levels 100, 200 and 300 on a material waiting for review, pass, or reject with a reason its author
 * reads (required, at most 200). Everyone else sees the detail only.
 */
export function PreviewDialog({ appId, materialId, app, onLoaded, onClose }: PreviewDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const [rejecting, setRejecting] = useState(false);
  const detail = useMaterial(appId, materialId);
  const material = detail.data;
  const decides = material !== undefined && mayDecide(material, app.projectLevel);
  const audit = useAuditMaterial({
    mutationConfig: {
      onSuccess: (_data, { decision }) => {
        void message.success(t(decision.pass ? 'materials.done.pass' : 'materials.done.reject'));
        onClose();
      },
    },
  });
  useEffect(() => {
    if (material) onLoaded?.(material);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once the material is in
  }, [material?.materialId]);

  const handleReject = ({ reason }: { reason: string }) => {
    const checked = checkAuditReason(reason);
    if (checked.ok) audit.mutate({ appId, materialId, decision: { pass: false, reason: checked.reason } });
  };
  const close = <Button onClick={onClose}>{t('materials.preview.close')}</Button>;
  const footer = !decides ? (
    close
  ) : rejecting ? (
    <Flex gap={8} justify="end">
      <Button onClick={() => setRejecting(false)}>{t('materials.preview.back')}</Button>
      <Button
        danger
        type="primary"
        loading={audit.isPending}
        onClick={() => form.submit()}
        data-testid="reject-ok"
      >
        {t('materials.preview.reject')}
      </Button>
    </Flex>
  ) : (
    <Flex gap={8} justify="end">
      {close}
      <Button danger onClick={() => setRejecting(true)} data-testid="material-reject">
        {t('materials.preview.reject')}
      </Button>
      <Button
        type="primary"
        loading={audit.isPending}
        onClick={() => audit.mutate({ appId, materialId, decision: { pass: true } })}
        data-testid="material-pass"
      >
        {t('materials.preview.pass')}
      </Button>
    </Flex>
  );

  return (
    <Modal
      open
      width={792}
      title={t(decides ? 'materials.preview.reviewTitle' : 'materials.preview.title', {
        id: materialId,
        title: material?.title ?? '',
      })}
      onCancel={onClose}
      footer={footer}
      destroyOnHidden
      data-testid="material-preview"
    >
      {material ? <MaterialContent material={material} appName={app.title} /> : <Skeleton active />}
      {decides && rejecting && (
        <Form form={form} layout="vertical" onFinish={handleReject} style={{ marginTop: 16 }}>
          <Form.Item
            name="reason"
            label={t('materials.preview.reason')}
            rules={[
              {
                validator: (_rule, value: string | undefined) => {
                  const checked = checkAuditReason(value);
                  return checked.ok
                    ? Promise.resolve()
                    : Promise.reject(
                        new Error(t(`materials.preview.${checked.problem}`, { max: AUDIT_REASON_MAX })),
                      );
                },
              },
            ]}
          >
            <Input.TextArea
              autoFocus
              showCount
              maxLength={AUDIT_REASON_MAX}
              autoSize={{ minRows: 3, maxRows: 6 }}
              placeholder={t('materials.preview.reasonPlaceholder')}
              data-testid="material-reason"
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
