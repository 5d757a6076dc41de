import { App, Button, Card, Flex, Input, Skeleton, Switch, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localizeIssueMessage, PushRecovery, type MessageLang, type PushRecoveryInput } from '@beacon/shared';
import { reportError } from '../../../../lib/error-reporter';
import { usePushRecovery, useSetPushRecovery } from '../../api/push-recovery';

interface Form {
  enabled: boolean;
  maxAgeHours: string;
  maxCount: string;
}
type Bound = 'maxAgeHours' | 'maxCount';

/** What the shared rule says of the form: the setting, or each field's message. */
function check(form: Form, lang: MessageLang): { setting?: PushRecovery; errors: Map<string, string> } {
  const parsed = PushRecovery.safeParse(form satisfies PushRecoveryInput);
  if (parsed.success) return { setting: parsed.data, errors: new Map() };
  const errors = new Map<string, string>();
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    if (!errors.has(key)) errors.set(key, localizeIssueMessage(issue.message, issue, lang));
  }
  return { errors };
}

/**
 * Missed-push recovery (issue 32 §1): on or off, how old a send may be and how many a heartbeat gives back, checked
 * while typing by the rule the server applies. Beside the frequency caps.
 */
export function PushRecoveryCard({ appId }: { appId: number }) {
  const { t } = useTranslation();
  const setting = usePushRecovery(appId);
  return (
    <Card title={t('apps.details.recovery.title')} data-testid="push-recovery-card">
      {setting.data ? <RecoveryEditor appId={appId} initial={setting.data} /> : <Skeleton active />}
    </Card>
  );
}

function RecoveryEditor({ appId, initial }: { appId: number; initial: PushRecovery }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const save = useSetPushRecovery(appId, () => void message.success(t('apps.details.recovery.saved')));
  const [form, setForm] = useState<Form>({
    enabled: initial.enabled,
    maxAgeHours: String(initial.maxAgeHours),
    maxCount: String(initial.maxCount),
  });
  const lang = (i18n.language as MessageLang) || 'en';
  const { setting, errors } = useMemo(() => check(form, lang), [form, lang]);
  const submit = () => {
    if (!setting) {
      void message.error(t('apps.details.recovery.fix'));
      return;
    }
    save.mutate(setting, { onError: (err) => void reportError(err) });
  };
  const bound = (name: Bound, width: number) => {
    const error = errors.get(name);
    return (
      <Flex vertical gap={2}>
        <Flex align="center" gap={8}>
          <Typography.Text>{t(`apps.details.recovery.${name}`)}</Typography.Text>
          <Input
            value={form[name]}
            onChange={(e) => setForm((f) => ({ ...f, [name]: e.target.value.replace(/\s+/g, '') }))}
            onPressEnter={submit}
            status={error ? 'error' : undefined}
            aria-label={t(`apps.details.recovery.${name}`)}
            aria-invalid={error ? true : undefined}
            inputMode="numeric"
            style={{ width }}
          />
        </Flex>
        {error && (
          <Typography.Text type="danger" role="alert">
            {t(`apps.details.recovery.${name}`)} {error}
          </Typography.Text>
        )}
      </Flex>
    );
  };

  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">{t('apps.details.recovery.hint')}</Typography.Text>
      <Flex align="center" gap={8}>
        <Switch
          checked={form.enabled}
          onChange={(enabled) => setForm((f) => ({ ...f, enabled }))}
          aria-label={t('apps.details.recovery.enabled')}
        />
        <Typography.Text>{t('apps.details.recovery.enabled')}</Typography.Text>
      </Flex>
      {bound('maxAgeHours', 80)}
      {bound('maxCount', 80)}
      <div>
        <Button type="primary" onClick={submit} loading={save.isPending}>
          {t('apps.details.recovery.save')}
        </Button>
      </div>
    </Flex>
  );
}
