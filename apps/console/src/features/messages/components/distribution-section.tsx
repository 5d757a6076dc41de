import { DownloadOutlined } from '@ant-design/icons';
import { Button, Flex, Segmented, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n';
import { download } from '../api/export-messages';
import { distributionExportUrl, useDistribution, type DistributionDimension } from '../api/get-distribution';
import { countryName, formatCount, formatRate } from '../lib/format';

interface DistRow {
  key: string;
  dispatch: number;
  reach: number;
  reachRate: number;
  show: number;
  showRate: number;
  click: number;
  clickRate: number;
}

const PAGE_SIZE = 10;

/** Counts by country or by app version: sortable, 10 per page, with the server's CSV. */
export function DistributionSection({ appId, msgId }: { appId: number; msgId: number }) {
  const { t } = useTranslation();
  const [dimension, setDimension] = useState<DistributionDimension>('country');
  const dist = useDistribution(appId, msgId, dimension);
  const lang = currentLanguage();
  const num = (k: keyof DistRow) => (a: DistRow, b: DistRow) => Number(a[k]) - Number(b[k]);
  const count = (k: 'dispatch' | 'reach' | 'show' | 'click', title: string) => ({
    key: k,
    dataIndex: k,
    title,
    align: 'right' as const,
    sorter: num(k),
    render: (v: number) => formatCount(v),
  });
  const pct = (k: 'reachRate' | 'showRate' | 'clickRate', title: string) => ({
    key: k,
    dataIndex: k,
    title,
    align: 'right' as const,
    sorter: num(k),
    render: (v: number) => formatRate(v),
  });

  return (
    <section aria-labelledby={`dist-${msgId}`} data-testid="distribution">
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 8 }}>
        <Typography.Title level={5} id={`dist-${msgId}`} style={{ margin: 0 }}>
          {t('messages.detail.distribution')}
        </Typography.Title>
        <Flex gap={8}>
          <Segmented<DistributionDimension>
            value={dimension}
            onChange={setDimension}
            options={[
              { value: 'country', label: t('messages.detail.byCountry') },
              { value: 'version', label: t('messages.detail.byVersion') },
            ]}
          />
          <Button
            icon={<DownloadOutlined />}
            onClick={() => download(distributionExportUrl(appId, msgId, dimension))}
          >
            {t('messages.detail.downloadCsv')}
          </Button>
        </Flex>
      </Flex>
      <Table<DistRow>
        size="small"
        rowKey="key"
        loading={dist.isPending}
        dataSource={dist.data?.rows ?? []}
        pagination={{ pageSize: PAGE_SIZE, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: t('messages.detail.noData') }}
        columns={[
          {
            key: 'key',
            dataIndex: 'key',
            title: t(dimension === 'country' ? 'messages.detail.country' : 'messages.detail.version'),
            sorter: (a, b) => a.key.localeCompare(b.key),
            render: (k: string) => (dimension === 'country' ? `${countryName(k, lang)} (${k})` : k),
          },
          count('dispatch', t('messages.columns.dispatched')),
          count('reach', t('messages.columns.reached')),
          pct('reachRate', t('messages.columns.reachRate')),
          count('show', t('messages.columns.shown')),
          pct('showRate', t('messages.columns.showRate')),
          count('click', t('messages.columns.clicked')),
          pct('clickRate', t('messages.columns.clickRate')),
        ]}
      />
    </section>
  );
}
