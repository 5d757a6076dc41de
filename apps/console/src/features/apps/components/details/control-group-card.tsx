import { App, Button, Card, Flex, Input, Skeleton, Switch, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ControlGroup, localizeIssueMessage, type ControlGroupInput, type MessageLang } from '@beacon/shared';
import { reportError } from '../../../../lib/error-reporter';
import { formatNumber } from '../../../../lib/number-format';
import { currentLanguage } from '../../../../i18n';
import { controlGroupMembersHref, useControlGroup, useSetControlGroup } from '../../api/control-group';

interface Form {
  share: string;
  exceptTransactional: boolean;
}

/**
 * The app's global control group (issue 34 §1): a share of its devices (0–10 %) that receives no campaign message,
 * whether transactional sends reach it, about how many devices it holds, and its members' CSV. Checked while typing
 * by the rule the server applies.
 */
export function ControlGroupCard({ appId }: { appId: number }) {
  const { t } = useTranslation();
  const setting = useControlGroup(appId);
  return (
    <Card title={t('apps.details.control.title')} data-testid="control-group-card">
      {setting.data ? (
        <ControlEditor appId={appId} initial={setting.data} members={setting.data.members} />
      ) : (
        <Skeleton active />
      )}
    </Card>
  );
}

function ControlEditor({
  appId,
  initial,
  members,
}: {
  appId: number;
  initial: ControlGroup;
  members: number;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const save = useSetControlGroup(appId, () => void message.success(t('apps.details.control.saved')));
  const [form, setForm] = useState<Form>({
    share: String(initial.share),
    exceptTransactional: initial.exceptTransactional,
  });
  const lang = (i18n.language as MessageLang) || 'en';
  const { setting, error } = useMemo(() => {
    const parsed = ControlGroup.safeParse(form satisfies ControlGroupInput);
    if (parsed.success) return { setting: parsed.data, error: undefined };
    const issue = parsed.error.issues[0]!;
    return { setting: undefined, error: localizeIssueMessage(issue.message, issue, lang) };
  }, [form, lang]);
  const submit = () => {
    if (!setting) {
      void message.error(t('apps.details.control.fix'));
      return;
    }
    save.mutate(setting, { onError: (err) => void reportError(err) });
  };
  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">{t('apps.details.control.hint')}</Typography.Text>
      <Flex vertical gap={2}>
        <Flex align="center" gap={8}>
          <Typography.Text>{t('apps.details.control.share')}</Typography.Text>
          <Input
            value={form.share}
            onChange={(e) => setForm((f) => ({ ...f, share: e.target.value.replace(/\s+/g, '') }))}
            onPressEnter={submit}
            status={error ? 'error' : undefined}
            aria-label={t('apps.details.control.share')}
            aria-invalid={error ? true : undefined}
            inputMode="numeric"
            suffix="%"
            style={{ width: 90 }}
          />
        </Flex>
        {error && (
          <Typography.Text type="danger" role="alert">
            {t('apps.details.control.share')} {error}
          </Typography.Text>
        )}
      </Flex>
      <Flex align="center" gap={8}>
        <Switch
          checked={!form.exceptTransactional}
          onChange={(on) => setForm((f) => ({ ...f, exceptTransactional: !on }))}
          aria-label={t('apps.details.control.transactional')}
        />
        <Typography.Text>{t('apps.details.control.transactional')}</Typography.Text>
      </Flex>
      <Typography.Text data-testid="control-group-members">
        {initial.share > 0
          ? t('apps.details.control.members', {
              count: members,
              formattedCount: formatNumber(members, currentLanguage()),
            })
          : t('apps.details.control.off')}
      </Typography.Text>
      <Flex gap={8} wrap>
        <Button type="primary" onClick={submit} loading={save.isPending}>
          {t('apps.details.control.save')}
        </Button>
        {initial.share > 0 && (
          <Button href={controlGroupMembersHref(appId)} download data-testid="control-group-export">
            {t('apps.details.control.export')}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
