import { App, Button, Card, Flex, Input, Skeleton, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FCM_TOKEN_EXPIRY_DAYS, localizeIssueMessage, TokenHygiene, type MessageLang } from '@beacon/shared';
import { reportError } from '../../../../lib/error-reporter';
import { useSetTokenHygiene, useTokenHygiene } from '../../api/token-hygiene';

/**
 * The app's token hygiene (issue 32 §4): the days without activity after which a device is stale and left out of sends
 * (loss "Stale token"), 0 for off; FCM's own 270-day token expiry applies anyway. Checked while typing by the rule the
 * server applies.
 */
export function TokenHygieneCard({ appId }: { appId: number }) {
  const { t } = useTranslation();
  const hygiene = useTokenHygiene(appId);
  return (
    <Card title={t('apps.details.hygiene.title')} data-testid="token-hygiene-card">
      {hygiene.data ? <HygieneEditor appId={appId} initial={hygiene.data} /> : <Skeleton active />}
    </Card>
  );
}

function HygieneEditor({ appId, initial }: { appId: number; initial: TokenHygiene }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const save = useSetTokenHygiene(appId, () => void message.success(t('apps.details.hygiene.saved')));
  const [value, setValue] = useState(String(initial.staleDays));
  const [touched, setTouched] = useState(false);
  const lang = (i18n.language as MessageLang) || 'en';
  const parsed = useMemo(() => TokenHygiene.safeParse({ staleDays: value }), [value]);
  const issue = parsed.success ? undefined : parsed.error.issues[0];
  const error = touched && issue ? localizeIssueMessage(issue.message, issue, lang) : undefined;

  const submit = () => {
    setTouched(true);
    if (!parsed.success) {
      void message.error(t('apps.details.hygiene.fix'));
      return;
    }
    save.mutate(parsed.data, { onError: (err) => void reportError(err) });
  };

  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">
        {t('apps.details.hygiene.hint', { days: FCM_TOKEN_EXPIRY_DAYS })}
      </Typography.Text>
      <Flex align="center" gap={8} wrap>
        <Typography.Text>{t('apps.details.hygiene.before')}</Typography.Text>
        <Input
          value={value}
          onChange={(e) => {
            setTouched(true);
            setValue(e.target.value.replace(/\s+/g, ''));
          }}
          onPressEnter={submit}
          status={error ? 'error' : undefined}
          aria-label={t('apps.details.hygiene.label')}
          aria-invalid={error ? true : undefined}
          inputMode="numeric"
          style={{ width: 90 }}
        />
        <Typography.Text>{t('apps.details.hygiene.after')}</Typography.Text>
      </Flex>
      {error && (
        <Typography.Text type="danger" role="alert">
          {t('apps.details.hygiene.label')} {error}
        </Typography.Text>
      )}
      <div>
        <Button type="primary" onClick={submit} loading={save.isPending}>
          {t('common.save')}
        </Button>
      </div>
    </Flex>
  );
}
