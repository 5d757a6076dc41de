import { EditOutlined, ReloadOutlined, SendOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Result, Spin, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MessageStatus, type JourneyStepRow } from '@beacon/shared';
import { FlowForbiddenDialog, useSaveFlow } from '../../../message-editor';
import { StatusTag } from '../../messages';
import { useConfirmJourney } from '../api/confirm-journey';
import { useJourney } from '../api/get-journey';
import { useRecalcJourney } from '../api/recalc-journey';
import { isEditable } from '../lib/journey-status';
import { useBranchText } from './use-branch-text';
import { useCount } from './use-count';

interface JourneyConfirmDialogProps {
  appId: number;
  msgId: number;
  onClose: () => void;
  /** Offered for a journey not confirmed yet (18, 20): back to its canvas. */
  onEdit?: (() => void) | undefined;
}

/**
 * The pre-create preview and the pending journey's dialog (canvas dialog modes 1 and 2): it reads the journey every
 * 3 s while its estimate is counted (19, counts hidden), then shows each step's expected audience (18) with Confirm,
 * or the reason the estimate failed (20) with Reload; Confirm goes through the compose save flow (forbidden
 * countries, content check, passed schedule, daily limit) to data/canvas.
 */
export function JourneyConfirmDialog({ appId, msgId, onClose, onEdit }: JourneyConfirmDialogProps) {
  const { t } = useTranslation();
  const count = useCount();
  const branch = useBranchText();
  const journey = useJourney(appId, msgId);
  const recalc = useRecalcJourney();
  const confirm = useConfirmJourney();
  const flow = useSaveFlow<{ id: number }>({
    appId,
    save: confirm,
    showFields: () => false,
    toReview: false,
    listScreen: 'canvas',
  });
  const d = journey.data;
  const status = d?.status;

  const body = () => {
    if (journey.isError) return <Result status="warning" title={t('journeys.preview.loadFailed')} />;
    if (!d || status === MessageStatus.CANVAS_WAITING_COUNT)
      return (
        <Flex vertical align="center" gap={12} style={{ padding: 32 }} data-testid="preview-counting">
          <Spin />
          <Typography.Text type="secondary">{t('journeys.preview.counting')}</Typography.Text>
        </Flex>
      );
    if (status === MessageStatus.CANVAS_WAIT_ERROR)
      return (
        <Alert
          type="error"
          showIcon
          data-testid="preview-error"
          title={t('journeys.preview.failed')}
          description={d.error || undefined}
        />
      );
    return (
      <>
        {status !== MessageStatus.CANVAS_WAITING_CONFIRM && (
          <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('journeys.preview.notPending')} />
        )}
        <Typography.Paragraph data-testid="preview-total">
          {d.entry.kind === 'event'
            ? t('journeys.preview.totalEvent', {
                count: d.targetCount,
                devices: count(d.targetCount),
                name: d.entry.name,
              })
            : t('journeys.preview.total', { count: d.targetCount, devices: count(d.targetCount) })}
        </Typography.Paragraph>
        <Table<JourneyStepRow>
          size="small"
          rowKey="groupTag"
          pagination={false}
          data-testid="preview-steps"
          dataSource={d.childMsgs}
          columns={[
            { key: 'tag', title: t('journeys.step.groupTag'), render: (_, s) => s.groupTag },
            {
              key: 'branch',
              title: t('journeys.step.branch'),
              render: (_, s) =>
                s.displayConditions
                  ? `${s.displayConditions.from} → ${branch.outcome(s.displayConditions.outcome)}, ${branch.wait(s.displayConditions.wait)}`
                  : d.entry.kind === 'event'
                    ? t('journeys.preview.onEvent', { name: d.entry.name })
                    : t('journeys.step.entry'),
            },
            {
              key: 'estimate',
              title: t('journeys.preview.estimate'),
              align: 'right',
              render: (_, s) => <span data-testid={`estimate-${s.groupTag}`}>{count(s.estimate)}</span>,
            },
          ]}
        />
        {flow.dailyLimit && (
          <Alert type="error" showIcon style={{ marginTop: 12 }} title={t('compose.dailyLimit')} />
        )}
      </>
    );
  };

  return (
    <>
      <Modal
        open
        width={720}
        title={
          <Flex gap={8} align="center">
            {t('journeys.preview.title', { title: d?.title ?? '' })}
            {status !== undefined && <StatusTag status={status} />}
          </Flex>
        }
        onCancel={onClose}
        footer={
          <Flex justify="flex-end" gap={8} wrap>
            <Button onClick={onClose}>{t('journeys.preview.close')}</Button>
            {onEdit && status !== undefined && isEditable(status) && (
              <Button icon={<EditOutlined />} onClick={onEdit} data-testid="preview-edit">
                {t('journeys.actions.edit')}
              </Button>
            )}
            {status === MessageStatus.CANVAS_WAIT_ERROR && (
              <Button
                icon={<ReloadOutlined />}
                loading={recalc.isPending}
                onClick={() => recalc.mutate({ appId, msgId })}
                data-testid="preview-reload"
              >
                {t('journeys.actions.reload')}
              </Button>
            )}
            <Button
              type="primary"
              icon={<SendOutlined />}
              disabled={status !== MessageStatus.CANVAS_WAITING_CONFIRM || flow.saved || flow.dailyLimit}
              loading={flow.saving}
              onClick={() => void flow.send({ id: msgId })}
              data-testid="preview-confirm"
            >
              {t('journeys.actions.confirm')}
            </Button>
          </Flex>
        }
      >
        {body()}
      </Modal>
      <FlowForbiddenDialog flow={flow} />
    </>
  );
}
