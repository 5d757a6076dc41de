import { App, Card, Input, Switch, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseRestrictNumber, restrictMax, type Restrict, type RestrictOption } from '@beacon/shared';
import { useSetRestrictEnable } from '../api/set-restrict-enable';
import { useSetRestrictNumber } from '../api/set-restrict-number';

/** The number cell: typed freely, committed on Enter or blur; an invalid value reverts to the stored one. */
function NumberCell({ row }: { row: Restrict }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const save = useSetRestrictNumber();
  const commit = () => {
    if (draft === undefined) return;
    setDraft(undefined);
    const parsed = parseRestrictNumber(row.option, draft);
    if (!parsed.ok) {
      void message.error(
        t('globalSettings.restricts.invalid', {
          kind: t(`globalSettings.restricts.option.${row.option}`),
          max: restrictMax(row.option),
        }),
      );
      return;
    }
    if (parsed.value !== row.number) save.mutate({ option: row.option, number: parsed.value });
  };
  return (
    <Input
      aria-label={t('globalSettings.restricts.numberOf', {
        kind: t(`globalSettings.restricts.option.${row.option}`),
      })}
      data-testid={`restrict-number-${row.option}`}
      value={draft ?? String(save.isPending ? save.variables.number : row.number)}
      onChange={(e) => setDraft(e.target.value)}
      onPressEnter={commit}
      onBlur={commit}
      inputMode="numeric"
      suffix={t('globalSettings.restricts.perDay')}
      style={{ width: 160 }}
    />
  );
}

/** Per-user daily limits by message kind (`restricts`): each with its switch and its number. */
export function RestrictsCard({ restricts, loading }: { restricts: Restrict[]; loading: boolean }) {
  const { t } = useTranslation();
  const enable = useSetRestrictEnable();
  return (
    <Card title={t('globalSettings.restricts.title')} variant="borderless">
      <Typography.Paragraph type="secondary">{t('globalSettings.restricts.hint')}</Typography.Paragraph>
      <Table<Restrict>
        rowKey="option"
        size="middle"
        pagination={false}
        loading={loading}
        dataSource={restricts}
        columns={[
          {
            title: t('globalSettings.restricts.kind'),
            dataIndex: 'option',
            render: (option: RestrictOption) => (
              <div>
                <Typography.Text strong>{t(`globalSettings.restricts.option.${option}`)}</Typography.Text>
                <br />
                <Typography.Text type="secondary">
                  {t(`globalSettings.restricts.optionHint.${option}`, { max: restrictMax(option) })}
                </Typography.Text>
              </div>
            ),
          },
          {
            title: t('globalSettings.restricts.enabled'),
            dataIndex: 'enable',
            width: 120,
            render: (on: boolean, row) => (
              <Switch
                aria-label={t('globalSettings.restricts.enableOf', {
                  kind: t(`globalSettings.restricts.option.${row.option}`),
                })}
                data-testid={`restrict-enable-${row.option}`}
                checked={
                  enable.isPending && enable.variables.option === row.option ? enable.variables.enable : on
                }
                loading={enable.isPending && enable.variables.option === row.option}
                onChange={(next) => enable.mutate({ option: row.option, enable: next })}
              />
            ),
          },
          {
            title: t('globalSettings.restricts.number'),
            key: 'number',
            width: 200,
            render: (_, row) => <NumberCell key={row.number} row={row} />,
          },
        ]}
      />
    </Card>
  );
}
