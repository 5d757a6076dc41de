import { Descriptions, Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MaterialType, type MaterialDetail, type MultiLangEntry } from '@beacon/shared';
import { ConfirmPreview } from '../../../components/confirm-summary';
import { JsonBlock } from '../../../components/json-block';
import { composeFromMaterial, CountryTags } from '../../../message-editor';
import { zonedTime } from '../../messages';
import { MaterialStatusTag } from './material-status-tag';

/**
 * What a material is (the review preview, spec §2 Material audit): its content as the device shows it (a cross
 * material's JSON), its fields, its languages and its national attributes.
 */
export function MaterialContent({ material: m, appName }: { material: MaterialDetail; appName: string }) {
  const { t } = useTranslation();
  const cross = m.materialType === MaterialType.CROSS;
  return (
    <Flex vertical gap={16} data-testid="material-content">
      <Flex gap={24} align="start" wrap>
        <div style={{ flex: cross ? '1 1 240px' : 'none', minWidth: 0 }}>
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
            {t('materials.preview.content')}
          </Typography.Text>
          {cross ? (
            <JsonBlock b64={m.data.trans_data} testId="material-json" />
          ) : (
            <ConfirmPreview appName={appName} values={composeFromMaterial(m)} />
          )}
        </div>
        <Descriptions size="small" column={1} style={{ flex: 1, minWidth: 300 }} labelStyle={{ width: 150 }}>
          <Descriptions.Item label={t('materials.columns.id')}>{m.materialId}</Descriptions.Item>
          <Descriptions.Item label={t('materials.fields.type')}>
            {t(`materials.types.${m.materialType}`, { defaultValue: String(m.materialType) })}
          </Descriptions.Item>
          <Descriptions.Item label={t('materials.fields.description')}>{m.title}</Descriptions.Item>
          <Descriptions.Item label={t('materials.fields.attribute')}>{m.attribute || '–'}</Descriptions.Item>
          <Descriptions.Item label={t('materials.columns.owner')}>
            {m.ownerEmail} · {zonedTime(m.createDate, '+0000')} UTC
          </Descriptions.Item>
          <Descriptions.Item label={t('materials.columns.status')}>
            <MaterialStatusTag row={m} />
          </Descriptions.Item>
          <Descriptions.Item label={t('materials.fields.push')}>
            <CountryTags
              codes={m.nationalAttributes.pushCountrySet}
              empty={t('materials.preview.everyCountry')}
              testId="preview-push"
            />
          </Descriptions.Item>
          <Descriptions.Item label={t('materials.fields.notPush')}>
            <CountryTags
              codes={m.nationalAttributes.notPushCountrySet}
              empty={t('materials.preview.none')}
              testId="preview-not-push"
            />
          </Descriptions.Item>
          {m.rejectReason && (
            <Descriptions.Item label={t('materials.preview.reason')}>
              <span style={{ whiteSpace: 'pre-wrap' }}>{m.rejectReason}</span>
            </Descriptions.Item>
          )}
        </Descriptions>
      </Flex>
      {!cross && m.multiLangContent.length > 0 && (
        <Table<MultiLangEntry>
          size="small"
          rowKey="lang"
          pagination={false}
          title={() => t('materials.preview.languages', { count: m.multiLangContent.length })}
          dataSource={m.multiLangContent}
          data-testid="preview-languages"
          columns={[
            { key: 'lang', title: t('materials.languages.lang'), dataIndex: 'lang', width: 100 },
            { key: 'title', title: t('materials.languages.title'), dataIndex: 'title' },
            { key: 'desc', title: t('materials.languages.text'), dataIndex: 'desc' },
          ]}
        />
      )}
    </Flex>
  );
}
