import { Card, Flex, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSetLimitSwitcher } from '../api/set-limit-switcher';
import { useSetTagSwitcher } from '../api/set-tag-switcher';

interface Props {
  limitSwitcher: boolean;
  globalTagSwitcher: boolean;
  loading: boolean;
}

/** The platform-wide switches of /globalsettings (level 100). */
export function GlobalSwitchesCard({ limitSwitcher, globalTagSwitcher, loading }: Props) {
  const { t } = useTranslation();
  const limit = useSetLimitSwitcher();
  const tag = useSetTagSwitcher();
  const rows = [
    {
      key: 'limit',
      on: limit.isPending ? limit.variables : limitSwitcher,
      pending: limit.isPending,
      onChange: (v: boolean) => limit.mutate(v),
    },
    {
      key: 'tag',
      on: tag.isPending ? tag.variables : globalTagSwitcher,
      pending: tag.isPending,
      onChange: (v: boolean) => tag.mutate(v),
    },
  ];
  return (
    <Card title={t('globalSettings.switches.title')} variant="borderless" loading={loading}>
      <Flex vertical gap={20}>
        {rows.map((row) => (
          <Flex key={row.key} justify="space-between" align="center" gap={24}>
            <div>
              <Typography.Text strong>{t(`globalSettings.switches.${row.key}.label`)}</Typography.Text>
              <br />
              <Typography.Text type="secondary">
                {t(`globalSettings.switches.${row.key}.hint`)}
              </Typography.Text>
            </div>
            <Switch
              checked={row.on}
              loading={row.pending}
              onChange={row.onChange}
              aria-label={t(`globalSettings.switches.${row.key}.label`)}
              data-testid={`switch-${row.key}`}
            />
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}
