import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCountryReport } from '../api/get-country-report';
import { useMeta } from '../api/get-meta';
import { usePushReport } from '../api/get-push-report';
import { useYesterday } from '../api/get-yesterday';
import { useAdminFormat } from '../lib/format';
import { useUrlState } from '../lib/use-url-state';
import { AppPushTable } from './app-push-table';
import { CountryTable } from './country-table';
import { FigureCards } from './figure-cards';
import { ModeSelect } from './mode-select';
import { RangeSelect } from './range-select';
import { TrendCard } from './trend-card';

const TREND = [
  'push',
  'dispatch',
  'reach',
  'show',
  'click',
  'dispatchRate',
  'reachRate',
  'showRate',
  'clickRate',
];
const YESTERDAY = ['push', 'dispatch', 'reach', 'show', 'click', 'showUv', 'clickUv'] as const;

/** /statistics?item=push: every app's push, yesterday, the trend, each app and each country over the range. */
export function PushTab() {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const url = useUrlState('platform');
  const q = { ...url.range, type: url.mode };
  const meta = useMeta();
  const yesterday = useYesterday({ type: url.mode });
  const report = usePushReport(q);
  const countries = useCountryReport(q);
  const y = yesterday.data;
  return (
    <>
      <FigureCards
        testId="admin-meta"
        loading={meta.isLoading}
        figures={(['apps', 'users', 'devices'] as const).map((k) => ({
          key: k,
          title: t(`statisticsAdmin.meta.${k}`),
          value: format.count(meta.data?.[k] ?? 0),
        }))}
      />
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('statisticsAdmin.yesterday', { date: y?.yesterday.date ?? '' })}
        </Typography.Title>
        <Flex gap={12} wrap>
          <ModeSelect
            value={url.mode}
            onChange={(type) => url.set({ type: type ? String(type) : undefined })}
          />
          <RangeSelect kind="platform" value={url.range} onChange={url.setRange} />
        </Flex>
      </Flex>
      <FigureCards
        testId="admin-yesterday"
        loading={yesterday.isLoading}
        figures={YESTERDAY.map((k) => ({
          key: k,
          title: t(`statisticsAdmin.metric.${k}`),
          value: format.count(y?.yesterday[k] ?? 0),
          note: t('statisticsAdmin.dayBefore', { value: format.count(y?.before[k] ?? 0) }),
        }))}
      />
      <TrendCard
        title={t('statisticsAdmin.pushTrend')}
        testId="admin-push-trend"
        loading={report.isLoading}
        metrics={TREND}
        range={url.range}
        onRange={url.setRange}
        rows={(report.data?.dated ?? []).map((d) => ({ ...d, label: d.date }))}
      />
      <Card size="small" title={t('statisticsAdmin.byApp')} style={{ marginBottom: 16 }}>
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          {t('statisticsAdmin.byAppNote')}
        </Typography.Paragraph>
        <AppPushTable rows={report.data?.apps ?? []} loading={report.isFetching} />
      </Card>
      <Card size="small" title={t('statisticsAdmin.byCountry')}>
        <CountryTable rows={countries.data?.countries ?? []} loading={countries.isFetching} />
      </Card>
    </>
  );
}
