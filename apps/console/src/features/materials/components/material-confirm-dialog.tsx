import { Alert, Descriptions, Flex, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { MaterialType, type MaterialSaveInput } from '@beacon/shared';
import { ConfirmPreview } from '../../../components/confirm-summary';
import { CountryTags, CrossSummary } from '../../../message-editor';
import { type MaterialValues } from '../lib/material-values';

interface MaterialConfirmDialogProps {
  values: MaterialValues;
  payload: MaterialSaveInput;
  appName: string;
  editing: boolean;
  /** The app reviews its materials: the saved material waits for review (spec §5 Materials). */
  reviewed: boolean;
  saving: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The summary of a material before it is saved: content, type, description, attribute, countries, languages. */
export function MaterialConfirmDialog({
  values,
  payload,
  appName,
  editing,
  reviewed,
  saving,
  onConfirm,
  onCancel,
}: MaterialConfirmDialogProps) {
  const { t } = useTranslation();
  const national = payload.nationalAttributes ?? { pushCountrySet: [], notPushCountrySet: [] };
  const languages = (payload.multiLangContent ?? []).map((l) => l.lang).join(', ');
  return (
    <Modal
      open
      width={792}
      title={t(editing ? 'materials.confirm.editTitle' : 'materials.confirm.createTitle')}
      okText={t(editing ? 'materials.confirm.save' : 'materials.confirm.create')}
      cancelText={t('materials.confirm.back')}
      onOk={onConfirm}
      onCancel={onCancel}
      confirmLoading={saving}
      okButtonProps={{ ...{ 'data-testid': 'material-confirm-ok' } }}
      destroyOnHidden
      data-testid="material-confirm"
    >
      {reviewed && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('materials.confirm.review')}
          data-testid="material-confirm-review"
        />
      )}
      <Flex gap={24} align="start" wrap>
        {payload.materialType === MaterialType.CROSS ? (
          <CrossSummary data={payload.data} />
        ) : (
          <ConfirmPreview appName={appName} values={values} />
        )}
        <Descriptions size="small" column={1} style={{ flex: 1, minWidth: 300 }}>
          <Descriptions.Item label={t('materials.fields.type')}>
            {t(`materials.types.${payload.materialType}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('materials.fields.description')}>{payload.title}</Descriptions.Item>
          <Descriptions.Item label={t('materials.fields.attribute')}>
            {payload.attribute || '–'}
          </Descriptions.Item>
          <Descriptions.Item label={t('materials.fields.push')}>
            <CountryTags
              codes={national.pushCountrySet ?? []}
              empty={t('materials.preview.everyCountry')}
              testId="confirm-push"
            />
          </Descriptions.Item>
          <Descriptions.Item label={t('materials.fields.notPush')}>
            <CountryTags
              codes={national.notPushCountrySet ?? []}
              empty={t('materials.preview.none')}
              testId="confirm-not-push"
            />
          </Descriptions.Item>
          {languages && (
            <Descriptions.Item label={t('materials.preview.languagesLabel')}>{languages}</Descriptions.Item>
          )}
        </Descriptions>
      </Flex>
    </Modal>
  );
}
