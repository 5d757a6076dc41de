import { Alert, Card, Checkbox, Form, InputNumber, Select, Table, Tag, Typography } from 'antd';
import { type Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { groupSendTargets, type GroupAppCount } from '@beacon/shared';
import { DEFAULT_LANGUAGE, parseLanguage } from '../../i18n/language';
import { formatNumber } from '../../lib/number-format';
import { outOfRange } from '../../components/range-error';
import { useEditorPorts } from '../ports';
import { useGroupCounts } from '../api/get-group-counts';
import { type TargetingInput } from '../api/get-target-max';
import { type ComposeValues, type GroupCountDraft } from '../lib/compose-values';
import { estimateTargeting } from './use-audience-estimate';
import { type FieldRule } from './use-field-rule';

/** The most an app's count may be: its audience (the server refuses more), or no bound while it is 0 or unknown. */
const countMax = (targetCount: number | undefined) => targetCount || Number.MAX_SAFE_INTEGER;

/**
 * The first ticked app whose count is out of its range (1 to its audience, as the server checks a group send), named
 * with its range in the reader's language; the composer's rule says what else is missing.
 */
function useGroupCountRule(counts: GroupAppCount[]): Rule {
  const { t, i18n } = useTranslation();
  const lang = parseLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  return {
    validator: async (_rule, value: GroupCountDraft[] | undefined) => {
      for (const c of value ?? []) {
        const app = counts.find((a) => a.appId === c.appId);
        if (!app || !outOfRange(c.pushCount, 1, countMax(app.targetCount))) continue;
        throw new Error(
          t(app.targetCount ? 'compose.errors.groupCountRange' : 'compose.errors.groupCountMin', {
            app: app.title,
            min: formatNumber(1, lang),
            max: formatNumber(app.targetCount, lang),
          }),
        );
      }
    },
  };
}

/**
 * The other apps of the group as a form control: tick an app, set its expected push count (≤ its audience); for an A/B
 * test (`armShare`), each arm takes that percent of every app's own audience, shown instead of a count.
 */
function GroupAppsInput({
  id,
  value = [],
  onChange,
  counts,
  loading,
  armShare,
}: {
  /** the form item's id: scrolling to the field and its error reach the table */
  id?: string;
  value?: GroupCountDraft[];
  onChange?: (next: GroupCountDraft[]) => void;
  counts: GroupAppCount[];
  loading: boolean;
  armShare?: number | undefined;
}) {
  const { t, i18n } = useTranslation();
  const lang = parseLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  const chosen = new Map(value.map((c) => [c.appId, c]));
  const toggle = (app: GroupAppCount, on: boolean) =>
    onChange?.(
      on
        ? [...value, { appId: app.appId, pushCount: app.targetCount || null }]
        : value.filter((c) => c.appId !== app.appId),
    );
  const audience = new Map(counts.map((c) => [c.appId, c.targetCount]));
  const setCount = (appId: number, pushCount: number | null) =>
    onChange?.(value.map((c) => (c.appId === appId ? { ...c, pushCount } : c)));
  return (
    <div id={id} tabIndex={-1}>
      <Table<GroupAppCount>
        size="small"
        rowKey="appId"
        loading={loading}
        pagination={false}
        data-testid="group-apps"
        dataSource={counts.filter((c) => !c.current)}
        locale={{ emptyText: t('compose.groupApps.empty') }}
        columns={[
          {
            key: 'on',
            width: 40,
            render: (_, app) => (
              <Checkbox
                checked={chosen.has(app.appId)}
                disabled={app.blocked !== null}
                onChange={(e) => toggle(app, e.target.checked)}
                aria-label={app.title}
                data-testid={`group-app-${app.appId}`}
              />
            ),
          },
          {
            key: 'app',
            title: t('compose.groupApps.app'),
            render: (_, app) => (
              <>
                <div>{app.title}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {app.pkg}
                </Typography.Text>
                {app.blocked && (
                  <Tag color="default" style={{ marginLeft: 8 }}>
                    {t(`compose.groupApps.blocked.${app.blocked}`)}
                  </Tag>
                )}
              </>
            ),
          },
          {
            key: 'audience',
            title: t('compose.groupApps.audience'),
            align: 'right',
            render: (_, app) =>
              app.blocked ? '—' : `${app.exact ? '' : '≈'}${formatNumber(app.targetCount, lang)}`,
          },
          {
            key: 'count',
            title: armShare === undefined ? t('compose.fields.pushCount') : t('compose.groupApps.perArm'),
            width: 150,
            render: (_, app) =>
              armShare !== undefined ? (
                <span data-testid={`group-arm-${app.appId}`}>
                  {app.blocked
                    ? '—'
                    : `≈${formatNumber(Math.round((app.targetCount * armShare) / 100), lang)}`}
                </span>
              ) : (
                // no min / max: they clamp on blur without a word (5000 became the app's 300); the field's rule
                // names the app and its range
                <InputNumber
                  aria-valuemin={1}
                  aria-valuemax={app.targetCount || undefined}
                  precision={0}
                  status={
                    outOfRange(chosen.get(app.appId)?.pushCount, 1, countMax(audience.get(app.appId)))
                      ? 'error'
                      : undefined
                  }
                  style={{ width: 130 }}
                  disabled={!chosen.has(app.appId)}
                  value={chosen.get(app.appId)?.pushCount ?? null}
                  onChange={(n) => setCount(app.appId, typeof n === 'number' ? n : null)}
                  aria-label={`${t('compose.fields.pushCount')} · ${app.title}`}
                  data-testid={`group-count-${app.appId}`}
                />
              ),
          },
        ]}
      />
    </div>
  );
}

interface GroupAppsSectionProps {
  appId: number;
  rule: FieldRule;
  /** the targeting as the estimate reads it; undefined while incomplete */
  targeting: TargetingInput | undefined;
  /** an A/B test: the percent each arm takes of every app's audience (no expected count per app) */
  armShare?: number | undefined;
}

/**
 * Apps (docs/group-sends.md): send the message to the other apps of one of this app's groups too, each with its own
 * expected count. Shown only when the reader has a group holding this app; a saved user group or a file clears it.
 */
export function GroupAppsSection({ appId, rule, targeting, armShare }: GroupAppsSectionProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ComposeValues>();
  const appGroupId = Form.useWatch<number | undefined>('appGroupId', form);
  const type = Form.useWatch<number | undefined>('targetingType', form);
  const { useAppGroups } = useEditorPorts();
  const groups = useAppGroups();
  const mine = (groups.data?.groups ?? []).filter((g) => g.apps.includes(appId));
  const allowed = type === undefined || groupSendTargets(type);
  const counts = useGroupCounts(appId, allowed ? appGroupId : undefined, targeting);
  const rangeRule = useGroupCountRule(counts.data?.counts ?? []);
  if (mine.length === 0) return null;
  return (
    <Card title={t('compose.sections.apps')} variant="borderless" id="compose-apps">
      <Form.Item
        name="appGroupId"
        label={t('compose.fields.appGroup')}
        extra={allowed ? t('compose.groupApps.hint') : undefined}
      >
        <Select
          allowClear
          disabled={!allowed}
          placeholder={t('compose.groupApps.thisAppOnly')}
          options={mine.map((g) => ({ value: g.groupId, label: g.groupName }))}
          data-testid="app-group-select"
        />
      </Form.Item>
      {!allowed && <Alert type="info" showIcon message={t('compose.groupApps.targetingOnly')} />}
      {allowed && appGroupId !== undefined && (
        <Form.Item
          name="groupCounts"
          label={t('compose.fields.groupApps')}
          rules={[rangeRule, rule(['groupCounts'])]}
          // the range first: a count out of it is named with its app, not as one missing
          validateFirst
          required
        >
          <GroupAppsInput
            counts={counts.data?.counts ?? []}
            loading={counts.isFetching && !counts.data}
            armShare={armShare}
          />
        </Form.Item>
      )}
    </Card>
  );
}

/** The confirmation's apps of a group send: each other app ticked and the devices it should reach. */
export function ConfirmGroupApps({ appId, values }: { appId: number; values: ComposeValues }) {
  const { t } = useTranslation();
  const counts = useGroupCounts(appId, values.appGroupId, estimateTargeting(values));
  if (values.appGroupId === undefined || values.groupCounts.length === 0) return null;
  const titles = new Map((counts.data?.counts ?? []).map((c) => [c.appId, c.title]));
  return (
    <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }} data-testid="confirm-apps">
      {t('compose.confirm.apps')}:{' '}
      {values.groupCounts
        .map(
          (c) =>
            `${titles.get(c.appId) ?? `#${c.appId}`} · ${t('compose.confirm.devices', { count: c.pushCount ?? 0 })}`,
        )
        .join(', ')}
    </Typography.Paragraph>
  );
}
