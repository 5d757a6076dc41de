import { Descriptions, Table, Tag, Typography } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { MESSAGE_STAT_SORTS, MessageType, type MessageStatRow, type MessageStatSort } from '@beacon/shared';
import { useAdminFormat } from '../lib/format';

const FIGURES = [
  'push',
  'dispatch',
  'dispatchRate',
  'reach',
  'reachRate',
  'show',
  'showRate',
  'click',
  'clickRate',
] as const satisfies ReadonlyArray<MessageStatSort>;

interface MessageTableProps {
  rows: MessageStatRow[];
  total: number;
  loading: boolean;
  /** the app's column only when every app is shown */
  showApp: boolean;
  page: number;
  pageSize: number;
  sort: MessageStatSort;
  order: 'ascend' | 'descend';
  onPage: (page: number) => void;
  onSort: (sort: MessageStatSort, order: 'ascend' | 'descend') => void;
}

const isSort = (v: unknown): v is MessageStatSort => (MESSAGE_STAT_SORTS as readonly unknown[]).includes(v);

/** The messages of the range, sorted and paged by the server (10 a page); a row opens its full figures. */
export function MessageTable(p: MessageTableProps) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const write = (c: string, v: number) => (c.endsWith('Rate') ? format.rate(v) : format.count(v));
  const orderOf = (c: MessageStatSort): SortOrder => (p.sort === c ? p.order : null);
  return (
    <Table<MessageStatRow>
      rowKey="msgId"
      size="middle"
      data-testid="admin-message-table"
      loading={p.loading}
      dataSource={p.rows}
      scroll={{ x: 1200 }}
      locale={{ emptyText: t('statisticsAdmin.noMessages') }}
      pagination={{
        current: p.page,
        pageSize: p.pageSize,
        total: p.total,
        showSizeChanger: false,
        hideOnSinglePage: true,
        showTotal: (n) => t('statisticsAdmin.messagesTotal', { count: n }),
      }}
      onChange={(pagination, _filters, sorter, extra) => {
        if (extra.action === 'paginate') return p.onPage(pagination.current ?? 1);
        const s = Array.isArray(sorter) ? sorter[0] : sorter;
        if (s && isSort(s.field) && s.order) p.onSort(s.field, s.order);
        else p.onSort('push', 'descend');
      }}
      expandable={{
        expandedRowRender: (m) => (
          <Descriptions size="small" column={{ xs: 1, md: 3 }} data-testid="admin-message-detail">
            <Descriptions.Item label={t('statisticsAdmin.col.msgType')}>
              {t(
                `statisticsAdmin.msgType.${m.msgType === MessageType.PASS_THROUGH || m.msgType === MessageType.NOTIFICATION ? m.msgType : 'other'}`,
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('statisticsAdmin.col.days')}>
              {m.firstDay === m.lastDay ? m.firstDay : `${m.firstDay} – ${m.lastDay}`}
            </Descriptions.Item>
            {(['conversion', 'conversionRate', 'noticeOff', 'noticeOffRate'] as const).map((c) => (
              <Descriptions.Item key={c} label={t(`statisticsAdmin.metric.${c}`)}>
                {write(c, m[c])}
              </Descriptions.Item>
            ))}
          </Descriptions>
        ),
      }}
      columns={[
        {
          title: t('statisticsAdmin.col.msgId'),
          dataIndex: 'msgId',
          sorter: true,
          sortOrder: orderOf('msgId'),
          width: 110,
        },
        {
          title: t('statisticsAdmin.col.message'),
          dataIndex: 'title',
          render: (title: string, m) => (
            <>
              <Typography.Text strong>{title}</Typography.Text>
              {m.deleted && <Tag style={{ marginLeft: 8 }}>{t('statisticsAdmin.deleted')}</Tag>}
              {p.showApp && (
                <>
                  <br />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {m.appTitle}
                  </Typography.Text>
                </>
              )}
            </>
          ),
        },
        ...FIGURES.map((c) => ({
          title: t(`statisticsAdmin.metric.${c}`),
          dataIndex: c,
          align: 'right' as const,
          sorter: true,
          sortOrder: orderOf(c),
          sortDirections: ['descend', 'ascend'] as SortOrder[],
          render: (v: number) => write(c, v),
        })),
      ]}
    />
  );
}
