import { App, Button, Flex, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FCM_QUOTA_LIMITS, type AppDetail } from '@beacon/shared';
import { reportError } from '../../../../lib/error-reporter';
import { useSetFcmQuota } from '../../api/set-fcm-quota';

/**
 * The FCM quota of the app's Firebase project, messages a minute: every sending server of every host shares it
 * (docs/scaling.md). The server's rule (FcmQuotaParams) names `perMinute` when it refuses a figure.
 */
export function FcmQuotaRow({ app }: { app: AppDetail }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const quota = useSetFcmQuota(app.appId, () => void message.success(t('apps.details.saved')));
  const [text, setText] = useState(String(app.fcmQuotaPerMinute));
  const value = Number(text);
  const valid = /^\d+$/.test(text) && value >= FCM_QUOTA_LIMITS.min && value <= FCM_QUOTA_LIMITS.max;
  const fmt = (n: number) => n.toLocaleString(i18n.language);
  const save = () => {
    if (!valid) {
      // one toast however often Enter is pressed on the same bad figure (it replaces the one shown)
      void message.error({
        key: 'fcm-quota-invalid',
        content: t('apps.details.fcmQuotaInvalid', {
          min: fmt(FCM_QUOTA_LIMITS.min),
          max: fmt(FCM_QUOTA_LIMITS.max),
        }),
      });
      return;
    }
    quota.mutate(text, { onError: (err) => void reportError(err) });
  };
  return (
    <Flex justify="space-between" align="center" gap={16} wrap>
      <div style={{ maxWidth: 460 }}>
        <Typography.Text strong>{t('apps.details.fcmQuota')}</Typography.Text>
        <br />
        <Typography.Text type="secondary">
          {t('apps.details.fcmQuotaHint', { value: fmt(FCM_QUOTA_LIMITS.default) })}
        </Typography.Text>
      </div>
      <Space.Compact>
        <Input
          value={text}
          onChange={(e) => setText(e.target.value.replace(/[\s,.]+/g, ''))}
          onPressEnter={save}
          status={text !== '' && !valid ? 'error' : undefined}
          aria-label={t('apps.details.fcmQuota')}
          inputMode="numeric"
          suffix={t('apps.details.perMinute')}
          style={{ width: 220 }}
          data-testid="fcm-quota"
        />
        <Button type="primary" onClick={save} loading={quota.isPending}>
          {t('common.save')}
        </Button>
      </Space.Compact>
    </Flex>
  );
}
