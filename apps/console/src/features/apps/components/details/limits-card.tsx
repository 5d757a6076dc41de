import { App, Button, Card, Flex, Input, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AppDetail } from '@beacon/shared';
import { reportError } from '../../../../lib/error-reporter';
import { useSetAdvanceTarget } from '../../api/set-advance-target';
import { useSetLimitCount } from '../../api/set-limit-count';
import { useSetLimitSwitcher } from '../../api/set-limit-switcher';
import { FcmQuotaRow } from './fcm-quota-row';

/** Advanced targeting, the per-user daily push limit (switch and count) and the project's FCM quota. */
export function LimitsCard({ app }: { app: AppDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const saved = () => void message.success(t('apps.details.saved'));
  const advance = useSetAdvanceTarget(app.appId, saved);
  const limit = useSetLimitSwitcher(app.appId, saved);
  const count = useSetLimitCount(app.appId, saved);
  const [countText, setCountText] = useState(app.limitCount > 0 ? String(app.limitCount) : '');
  const countValid = /^\d+$/.test(countText) && Number(countText) > 0;

  const handleSaveCount = () => {
    if (!countValid) {
      void message.error(t('apps.details.limitCountInvalid'));
      return;
    }
    count.mutate(countText, { onError: (err) => void reportError(err) });
  };

  return (
    <Card title={t('apps.details.limitsTitle')} data-testid="limits-card">
      <Flex vertical gap={20}>
        <Flex justify="space-between" align="center" gap={16}>
          <div>
            <Typography.Text strong>{t('apps.details.advanceTarget')}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{t('apps.details.advanceTargetHint')}</Typography.Text>
          </div>
          <Switch
            checked={app.advanceTarget}
            loading={advance.isPending}
            aria-label={t('apps.details.advanceTarget')}
            onChange={(on) => advance.mutate(on, { onError: (err) => void reportError(err) })}
          />
        </Flex>
        <Flex justify="space-between" align="center" gap={16}>
          <div>
            <Typography.Text strong>{t('apps.details.limitEnable')}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{t('apps.details.limitEnableHint')}</Typography.Text>
          </div>
          <Switch
            checked={app.limitEnable}
            loading={limit.isPending}
            aria-label={t('apps.details.limitEnable')}
            onChange={(on) => limit.mutate(on, { onError: (err) => void reportError(err) })}
          />
        </Flex>
        {app.limitEnable && (
          <Space.Compact>
            <Input
              value={countText}
              onChange={(e) => setCountText(e.target.value.replace(/\s+/g, ''))}
              onPressEnter={handleSaveCount}
              status={countText !== '' && !countValid ? 'error' : undefined}
              placeholder={t('apps.details.limitCountPlaceholder')}
              aria-label={t('apps.details.limitCount')}
              inputMode="numeric"
              style={{ width: 200 }}
            />
            <Button type="primary" onClick={handleSaveCount} loading={count.isPending}>
              {t('common.save')}
            </Button>
          </Space.Compact>
        )}
        <FcmQuotaRow app={app} />
      </Flex>
    </Card>
  );
}
