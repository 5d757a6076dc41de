import { Flex, Table, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecovered } from '../api/get-recovered';
import { formatCount, formatRate, ratio } from '../lib/format';

interface RecoveredRow {
  key: string;
  brand: string;
  model: string;
  recovered: number;
  /** of the message's recovered deliveries, in percent */
  share: number;
}

const PAGE_SIZE = 10;
const cell = (col: string) => () => ({ 'data-col': col }) as HTMLAttributes<HTMLTableCellElement>;

interface RecoveredSectionProps {
  appId: number;
  msgId: number;
  refresh: number | false;
}

/**
 * The deliveries missed-push recovery won back, by device brand and model (issue 32 §1): sortable, 10 per page, the
 * most first. Its total is the message's recovered counter — the funnel's "of which recovered" and the dispatch-loss
 * popover's figure — a part of reach, never added to it.
 */
export function RecoveredSection({ appId, msgId, refresh }: RecoveredSectionProps) {
  const { t } = useTranslation();
  const recovered = useRecovered(appId, msgId, refresh);
  const total = recovered.data?.total ?? 0;
  const rows: RecoveredRow[] = (recovered.data?.rows ?? []).map((r) => ({
    key: `${r.brand}\u0000${r.model}`,
    brand: r.brand,
    model: r.model,
    recovered: r.recovered,
    share: ratio(r.recovered, total),
  }));
  const name = (s: string) => s || t('messages.recovered.unknown');
  const byText = (k: 'brand' | 'model') => (a: RecoveredRow, b: RecoveredRow) => a[k].localeCompare(b[k]);

  return (
    <section aria-labelledby={`recovered-${msgId}`} data-testid="recovered">
      <Flex justify="space-between" align="baseline" gap={8} wrap style={{ marginBottom: 8 }}>
        <Typography.Title level={5} id={`recovered-${msgId}`} style={{ margin: 0 }}>
          {t('messages.recovered.title')}
        </Typography.Title>
        {total > 0 && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="recovered-total">
            {t('messages.recovered.summary', { count: total, formattedCount: formatCount(total) })}
          </Typography.Text>
        )}
      </Flex>
      <Table<RecoveredRow>
        size="small"
        rowKey="key"
        loading={recovered.isPending}
        dataSource={rows}
        pagination={{ pageSize: PAGE_SIZE, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: t('messages.recovered.none') }}
        columns={[
          {
            key: 'brand',
            dataIndex: 'brand',
            title: t('messages.recovered.brand'),
            sorter: byText('brand'),
            render: name,
            onCell: cell('brand'),
          },
          {
            key: 'model',
            dataIndex: 'model',
            title: t('messages.recovered.model'),
            sorter: byText('model'),
            render: name,
            onCell: cell('model'),
          },
          {
            key: 'recovered',
            dataIndex: 'recovered',
            title: t('messages.recovered.count'),
            align: 'right',
            defaultSortOrder: 'descend',
            sorter: (a, b) => a.recovered - b.recovered,
            render: (v: number) => formatCount(v),
            onCell: cell('recovered'),
          },
          {
            key: 'share',
            dataIndex: 'share',
            title: t('messages.recovered.share'),
            align: 'right',
            sorter: (a, b) => a.share - b.share,
            render: (v: number) => formatRate(v),
            onCell: cell('share'),
          },
        ]}
      />
    </section>
  );
}
