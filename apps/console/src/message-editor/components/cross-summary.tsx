import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isPullUp } from '@beacon/shared';
import { JsonBlock } from '../../components/json-block';

/** A cross message's data as it will be sent: the content (decoded `trans_data`) and a pull-up's target and extras. */
export function CrossSummary({ data }: { data: Record<string, unknown> }) {
  const { t } = useTranslation();
  return (
    <div style={{ flex: '0 0 240px', minWidth: 0 }}>
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 6 }}>
        {t('compose.confirm.content')}
      </Typography.Text>
      <JsonBlock b64={data.trans_data} testId="confirm-content" />
      {isPullUp(data) && (
        <Descriptions size="small" column={1} style={{ marginTop: 8 }}>
          <Descriptions.Item label={t('compose.confirm.package')}>
            {String(data.enlive_package)}
          </Descriptions.Item>
          <Descriptions.Item label={t('compose.confirm.activity')}>
            {typeof data.enlive_activity === 'string' ? data.enlive_activity : ''}
          </Descriptions.Item>
          {!data.enlive_data && (
            <Descriptions.Item label={t('compose.confirm.extras')}>
              {t('compose.confirm.none')}
            </Descriptions.Item>
          )}
        </Descriptions>
      )}
      {isPullUp(data) && !!data.enlive_data && (
        // stacked under its label, full width: a label/value row would squeeze the JSON into a sliver
        <>
          <Typography.Text type="secondary" style={{ display: 'block', margin: '8px 0 6px' }}>
            {t('compose.confirm.extras')}
          </Typography.Text>
          <JsonBlock b64={data.enlive_data} testId="confirm-extras" />
        </>
      )}
    </div>
  );
}
