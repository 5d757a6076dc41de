import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Input, InputNumber, Radio, Select, Statistic, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  checkJourneyEntry,
  customEventsCalls,
  JOURNEY_ENTRY_LIMITS,
  OPERATORS_OF_TYPE,
  type JourneyEntry,
  type PropertyCondition,
} from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { Form } from '../../../components/form';
import { useRangeText } from '../../../components/range-error';
import { currentLanguage } from '../../../i18n';
import { formatNumber } from '../../../lib/number-format';

type EventEntry = Extract<JourneyEntry, { kind: 'event' }>;
type PropType = 'string' | 'number' | 'boolean';

interface EntryFormProps {
  appId: number;
  entry: JourneyEntry;
  readOnly: boolean;
  counts?: { entries: number; exits: number } | undefined;
  onChange: (entry: JourneyEntry) => void;
}

const emptyEvent = (name = ''): EventEntry => ({
  kind: 'event',
  name,
  properties: [],
  reEntry: { kind: 'once' },
  exitName: null,
});

/**
 * How the journey starts (issue 33 §5): when it is sent (its audience), or when a device reports one of the app's
 * custom events — with property conditions by the property's type, a re-entry rule and an optional exit event. The
 * rule is checkJourneyEntry (shared with the server), its problems shown under the fields.
 */
export function EntryForm({ appId, entry, readOnly, counts, onChange }: EntryFormProps) {
  const { t } = useTranslation();
  const names = useQuery({
    queryKey: ['custom-events', appId, 'names', 'all'],
    queryFn: () =>
      apiRequest(customEventsCalls.names, { params: { appId }, query: { pageNo: 1, pageSize: 100 } }),
  });
  const list = names.data?.list ?? [];
  const known = new Map(
    list.map((n) => [n.name, { types: Object.fromEntries(n.properties.map((p) => [p.key, p.type])) }]),
  );
  const problems = new Map(
    checkJourneyEntry(entry, names.data ? known : undefined).map((p) => [p.field, p.message]),
  );
  const rangeText = useRangeText();
  const L = JOURNEY_ENTRY_LIMITS;
  // the re-entry's counts: their problem is the range, said in the reader's language and number format
  const ranges: Record<string, () => string> = {
    'reEntry.hours': () => rangeText(1, L.reEntryHoursMax, 'hours'),
    'reEntry.perDay': () =>
      t('journeys.entry.perDayRange', {
        min: formatNumber(1, currentLanguage()),
        max: formatNumber(L.perDayMax, currentLanguage()),
      }),
  };
  const status = (field: string) =>
    problems.has(`entry.event.${field}`)
      ? {
          validateStatus: 'error' as const,
          help: ranges[field]?.() ?? problems.get(`entry.event.${field}`),
        }
      : {};
  const ev = entry.kind === 'event' ? entry : undefined;
  const set = (over: Partial<EventEntry>) => onChange({ ...(ev ?? emptyEvent()), ...over });
  const types = (ev && known.get(ev.name)?.types) ?? {};
  const nameOptions = list.map((n) => ({ value: n.name, label: n.name }));
  const setProp = (i: number, c: PropertyCondition) =>
    set({ properties: (ev?.properties ?? []).map((p, k) => (k === i ? c : p)) });

  return (
    <Form layout="vertical" disabled={readOnly} data-testid="entry-form">
      <Form.Item label={t('journeys.entry.kind')}>
        <Radio.Group
          value={entry.kind}
          onChange={(e) =>
            onChange(e.target.value === 'event' ? emptyEvent(list[0]?.name) : { kind: 'audience' })
          }
          options={[
            { value: 'audience', label: t('journeys.entry.audience') },
            { value: 'event', label: t('journeys.entry.event') },
          ]}
          data-testid="entry-kind"
        />
      </Form.Item>
      {ev && (
        <>
          <Form.Item label={t('journeys.entry.name')} required {...status('name')}>
            <Select
              value={ev.name || undefined}
              options={nameOptions}
              loading={names.isLoading}
              placeholder={t('journeys.entry.namePlaceholder')}
              onChange={(name: string) => set({ name, properties: [] })}
              data-testid="entry-name"
            />
          </Form.Item>
          <Form.Item label={t('journeys.entry.properties')}>
            <Flex vertical gap={8}>
              {ev.properties.map((c, i) => {
                const type = types[c.key] ?? 'string';
                return (
                  <Flex key={i} gap={8} align="center">
                    <Form.Item noStyle {...status(`properties.${i}.key`)}>
                      <Select
                        style={{ width: 140 }}
                        value={c.key || undefined}
                        options={Object.keys(types).map((k) => ({ value: k, label: k }))}
                        onChange={(key: string) => {
                          const ty = types[key] ?? 'string';
                          setProp(i, {
                            key,
                            op: 'eq',
                            value: ty === 'number' ? 0 : ty === 'boolean' ? true : '',
                          });
                        }}
                        aria-label={t('journeys.entry.key')}
                      />
                    </Form.Item>
                    <Select
                      style={{ width: 130 }}
                      value={c.op}
                      options={OPERATORS_OF_TYPE[type].map((op) => ({
                        value: op,
                        label: t(`journeys.entry.op.${op}`),
                      }))}
                      onChange={(op: PropertyCondition['op']) => setProp(i, { ...c, op })}
                      aria-label={t('journeys.entry.operator')}
                    />
                    {type === 'number' ? (
                      <InputNumber
                        value={c.value as number}
                        onChange={(v) => setProp(i, { ...c, value: v ?? 0 })}
                      />
                    ) : type === 'boolean' ? (
                      <Switch checked={c.value === true} onChange={(v) => setProp(i, { ...c, value: v })} />
                    ) : (
                      <Input
                        style={{ width: 140 }}
                        value={String(c.value)}
                        onChange={(e) => setProp(i, { ...c, value: e.target.value })}
                      />
                    )}
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={t('journeys.entry.removeCondition')}
                      onClick={() => set({ properties: ev.properties.filter((_, k) => k !== i) })}
                    />
                  </Flex>
                );
              })}
              <Button
                icon={<PlusOutlined />}
                disabled={readOnly || Object.keys(types).length === 0}
                onClick={() => {
                  const key = Object.keys(types)[0]!;
                  const ty = types[key] as PropType;
                  set({
                    properties: [
                      ...ev.properties,
                      { key, op: 'eq', value: ty === 'number' ? 0 : ty === 'boolean' ? true : '' },
                    ],
                  });
                }}
                data-testid="entry-add-condition"
              >
                {t('journeys.entry.addCondition')}
              </Button>
            </Flex>
          </Form.Item>
          <Form.Item
            label={t('journeys.entry.reEntry')}
            {...status(ev.reEntry.kind === 'after' ? 'reEntry.hours' : 'reEntry.perDay')}
          >
            <Flex gap={8} align="center">
              <Select
                style={{ width: 200 }}
                value={ev.reEntry.kind}
                options={(['once', 'after', 'every'] as const).map((k) => ({
                  value: k,
                  label: t(`journeys.entry.reEntryKind.${k}`),
                }))}
                onChange={(k: 'once' | 'after' | 'every') =>
                  set({
                    reEntry:
                      k === 'once'
                        ? { kind: 'once' }
                        : k === 'after'
                          ? { kind: k, hours: 24 }
                          : { kind: k, perDay: 1 },
                  })
                }
                data-testid="entry-reentry"
              />
              {ev.reEntry.kind === 'after' && (
                // no min: it set 0 to 1 on blur without a word; checkJourneyEntry's range shows under the field (both counts)
                <InputNumber
                  aria-label={t('journeys.entry.reEntryKind.after')}
                  aria-valuemin={1}
                  aria-valuemax={L.reEntryHoursMax}
                  value={ev.reEntry.hours}
                  addonAfter={t('journeys.entry.hours')}
                  onChange={(v) => set({ reEntry: { kind: 'after', hours: v ?? 0 } })}
                />
              )}
              {ev.reEntry.kind === 'every' && (
                <InputNumber
                  aria-label={t('journeys.entry.reEntryKind.every')}
                  aria-valuemin={1}
                  aria-valuemax={L.perDayMax}
                  value={ev.reEntry.perDay}
                  addonAfter={t('journeys.entry.perDay')}
                  onChange={(v) => set({ reEntry: { kind: 'every', perDay: v ?? 0 } })}
                />
              )}
            </Flex>
          </Form.Item>
          <Form.Item label={t('journeys.entry.exit')} {...status('exitName')}>
            <Select
              allowClear
              value={ev.exitName ?? undefined}
              options={nameOptions.filter((o) => o.value !== ev.name)}
              placeholder={t('journeys.entry.exitPlaceholder')}
              onChange={(v: string | undefined) => set({ exitName: v ?? null })}
              data-testid="entry-exit"
            />
          </Form.Item>
          {counts && (
            <Flex gap={32}>
              <Statistic
                title={t('journeys.entry.entries')}
                value={counts.entries}
                data-testid="entry-entries"
              />
              <Statistic title={t('journeys.entry.exits')} value={counts.exits} data-testid="entry-exits" />
            </Flex>
          )}
        </>
      )}
    </Form>
  );
}
