import { Flex, Select, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  TRACKING_ACTIONS,
  TRACKING_PAGE_SIZE,
  type TrackingCounts,
  type TrackingRecord,
} from '@beacon/shared';
import { useTracking } from '../api/get-tracking';
import { useAdminFormat } from '../lib/format';
import { useUrlState } from '../lib/use-url-state';
import { FigureCards } from './figure-cards';
import { RangeSelect } from './range-select';

/** What the event filter offers: new accounts, or one AI action. */
const KINDS = ['user_info_new', ...TRACKING_ACTIONS] as const satisfies ReadonlyArray<keyof TrackingCounts>;
type Kind = (typeof KINDS)[number];
const isKind = (v: string | null): v is Kind => (KINDS as readonly string[]).includes(v ?? '');

/** /statistics?item=tracking: the system tracking records of ≤ 30 days (getUserActionTracking), newest first. */
export function TrackingTab() {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const url = useUrlState('tracking');
  const kind = url.params.get('kind');
  const domain = url.params.get('domain') || undefined;
  const filter = isKind(kind)
    ? kind === 'user_info_new'
      ? { ev: 'user_info_new' as const }
      : { ev: 'action' as const, action: kind }
    : {};
  const tracking = useTracking({
    begin: url.range.start,
    end: url.range.end,
    ...(domain ? { domain } : {}),
    ...filter,
    pageNo: url.page,
    pageSize: TRACKING_PAGE_SIZE,
  });
  const data = tracking.data;
  return (
    <>
      <Flex justify="flex-end" wrap gap={12} style={{ marginBottom: 16 }}>
        <Select<string>
          allowClear
          style={{ width: 220 }}
          value={domain}
          placeholder={t('statisticsAdmin.tracking.allDomains')}
          aria-label={t('statisticsAdmin.tracking.domain')}
          data-testid="admin-tracking-domain"
          options={(data?.domains ?? []).map((d) => ({ value: d, label: d }))}
          onChange={(d) => url.set({ domain: d })}
        />
        <Select<Kind>
          allowClear
          style={{ width: 220 }}
          value={isKind(kind) ? kind : undefined}
          placeholder={t('statisticsAdmin.tracking.allEvents')}
          aria-label={t('statisticsAdmin.tracking.event')}
          data-testid="admin-tracking-kind"
          options={KINDS.map((k) => ({ value: k, label: t(`statisticsAdmin.tracking.kind.${k}`) }))}
          onChange={(k) => url.set({ kind: k })}
        />
        <RangeSelect
          kind="tracking"
          value={{ start: url.range.start, end: url.range.end }}
          onChange={url.setRange}
        />
      </Flex>
      <FigureCards
        testId="admin-tracking-counts"
        loading={tracking.isLoading}
        figures={KINDS.map((k) => ({
          key: k,
          title: t(`statisticsAdmin.tracking.kind.${k}`),
          value: format.count(data?.counts[k] ?? 0),
        }))}
      />
      <Table<TrackingRecord>
        rowKey="id"
        size="middle"
        data-testid="admin-tracking-table"
        loading={tracking.isFetching}
        dataSource={data?.results ?? []}
        scroll={{ x: 1000 }}
        locale={{ emptyText: t('statisticsAdmin.tracking.empty') }}
        pagination={{
          current: url.page,
          pageSize: TRACKING_PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          showTotal: (n) => t('statisticsAdmin.tracking.total', { count: n }),
          onChange: url.setPage,
        }}
        columns={[
          {
            title: t('statisticsAdmin.tracking.time'),
            dataIndex: 'ts',
            render: (ts: number) => format.time(ts),
          },
          {
            title: t('statisticsAdmin.tracking.event'),
            key: 'event',
            render: (_: unknown, r) => {
              const k = r.ext.ev === 'action' ? r.ext.ep.action : r.ext.ev;
              return (
                <Tag color={r.ext.ev === 'action' ? (k === 'ai_error' ? 'red' : 'blue') : 'green'}>
                  {isKind(k) ? t(`statisticsAdmin.tracking.kind.${k}`) : k}
                </Tag>
              );
            },
          },
          {
            title: t('statisticsAdmin.col.app'),
            key: 'app',
            render: (_: unknown, r) =>
              r.ext.ep.appId === null ? '–' : `${r.ext.ep.title || '–'} (${r.ext.ep.appId})`,
          },
          {
            title: t('statisticsAdmin.tracking.from'),
            key: 'from',
            render: (_: unknown, r) =>
              r.ext.ep.from ? t(`statisticsAdmin.tracking.source.${r.ext.ep.from}`) : '–',
          },
          {
            title: t('statisticsAdmin.tracking.email'),
            key: 'email',
            render: (_: unknown, r) => r.ext.ep.email || '–',
          },
          {
            title: t('statisticsAdmin.tracking.domain'),
            dataIndex: 'dm',
            render: (dm: string) => <Typography.Text code>{dm}</Typography.Text>,
          },
        ]}
      />
    </>
  );
}
