import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isPullUp } from '@beacon/shared';
import { JsonBlock } from '../../../components/json-block';

/** A saved cross message's content (decoded `trans_data`) and, for a pull-up, its package, activity and extras. */
export function CrossRecord({ data }: { data: Record<string, unknown> }) {
  const { t } = useTranslation();
  return (
    <div style={{ flex: '0 0 260px', minWidth: 0 }} data-testid="cross-record">
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
        {t('messages.detail.content')}
      </Typography.Text>
      <JsonBlock b64={data.trans_data} testId="cross-content" />
      {isPullUp(data) && (
        <Descriptions size="small" column={1} style={{ marginTop: 8 }} title={t('messages.detail.pullUp')}>
          <Descriptions.Item label={t('messages.detail.package')}>
            {String(data.enlive_package)}
          </Descriptions.Item>
          <Descriptions.Item label={t('messages.detail.activity')}>
            {typeof data.enlive_activity === 'string' ? data.enlive_activity : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('messages.detail.extras')}>
            {data.enlive_data ? (
              <JsonBlock b64={data.enlive_data} testId="pullup-extras" />
            ) : (
              t('messages.detail.noExtras')
            )}
          </Descriptions.Item>
        </Descriptions>
      )}
    </div>
  );
}
