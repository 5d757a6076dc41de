import { Card, Checkbox, Select, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { STAT_PAGE_SIZES } from '@beacon/shared';
import { ListHeader } from '../../../components/list-header';
import { useDictionaries } from '../../dictionaries';
import { useDimensionReport } from '../api/get-dimension-report';
import { useVersionCountry } from '../api/get-version-country';
import { categoriesOf, hasSends } from '../lib/categories';
import { dimensionExportHref } from '../lib/export';
import { DimensionTable } from './dimension-table';
import { ExportLink } from './export-link';
import { failureOf } from './failure';
import { ModeSelect } from './mode-select';
import { RangeBar } from './range-filter';
import { useTodayEmpty } from './show-today';
import { StatTabs } from './stat-tabs';
import { SubReport } from './sub-report';
import { TrendPanel } from './trend-panel';
import { useStatParams } from './use-stat-params';

/** A multi-select collapses after 3 values (part 2 §9). */
const MAX_TAGS = 3;

/**
 * statisticsData/dimension: the report by day for chosen countries and app versions (≤ 31 days), with its total and
 * average rows, and, when nothing is chosen, the range's figures by country and by version.
 */
export function DimensionScreen({ appId }: { appId: number }) {
  const { t } = useTranslation();
  const p = useStatParams('dimension', STAT_PAGE_SIZES.dimension);
  const filtered = p.country.length > 0 || p.version.length > 0;
  const base = { ...p.asked, type: p.type };
  const report = useDimensionReport(appId, {
    ...base,
    country: p.country.join(','),
    version: p.version.join(','),
  });
  // unfiltered: the sub-report, and the versions the filter offers
  const overall = useVersionCountry(appId, { ...base, country: '', version: '' });
  const { dictionaries } = useDictionaries(appId);
  const countries = dictionaries?.countries ?? [];
  const countryName = (code: string) => countries.find((o) => o.value === code)?.label ?? code;
  const versions = [...new Set([...(overall.data?.versions.map((v) => v.key) ?? []), ...p.version])];
  const range = report.data ?? p.range;
  const rows = report.data?.dated ?? [];
  const categories = useMemo(() => categoriesOf(p.conversion), [p.conversion]);
  const todayEmpty = useTodayEmpty(range, p.setRange);
  const empty =
    report.data && !hasSends(rows)
      ? !filtered && todayEmpty
        ? todayEmpty.text
        : t(filtered ? 'statistics.empty.filtered' : 'statistics.empty.sends', {
            start: range.start,
            end: range.end,
          })
      : undefined;

  return (
    <Card variant="borderless" data-testid="stat-dimension">
      <ListHeader
        wrap
        title={t('statistics.title')}
        subtitle={t('statistics.subtitle.dimension')}
        style={{ marginBottom: 4 }}
      />
      <StatTabs appId={appId} active="dimension" />
      <RangeBar
        kind="dimension"
        value={p.range}
        onChange={p.setRange}
        asked={p.asked}
        answer={report.data}
        after={
          <Checkbox
            checked={p.conversion}
            onChange={(e) => p.setConversion(e.target.checked)}
            data-testid="conversion"
          >
            {t('statistics.filters.conversion')}
          </Checkbox>
        }
      >
        <Select<string[]>
          mode="multiple"
          allowClear
          showSearch
          optionFilterProp="label"
          maxTagCount={MAX_TAGS}
          aria-label={t('statistics.filters.country')}
          placeholder={t('statistics.filters.allCountries')}
          data-testid="filter-country"
          value={p.country}
          onChange={p.setCountry}
          options={countries}
          style={{ minWidth: 240, maxWidth: 420 }}
        />
        <Select<string[]>
          mode="multiple"
          allowClear
          maxTagCount={MAX_TAGS}
          aria-label={t('statistics.filters.version')}
          placeholder={t('statistics.filters.allVersions')}
          data-testid="filter-version"
          value={p.version}
          onChange={p.setVersion}
          options={versions.map((v) => ({ value: v, label: v }))}
          style={{ minWidth: 200, maxWidth: 360 }}
        />
        <ModeSelect value={p.type} onChange={p.setType} />
      </RangeBar>
      <TrendPanel
        testId="dimension-trend"
        title={t('statistics.report.trend')}
        rows={rows}
        range={range}
        categories={categories}
        loading={report.isPending}
        failure={failureOf(report)}
        empty={empty}
        emptyAction={todayEmpty?.action}
        actions={
          <ExportLink
            href={dimensionExportHref(appId, range, {
              type: p.type,
              country: p.country,
              version: p.version,
              conversion: p.conversion,
            })}
            testId="export-dimension"
          />
        }
      />
      {!empty && !failureOf(report) && (
        <section aria-labelledby="dimension-report-title">
          <Typography.Title level={5} id="dimension-report-title" style={{ marginTop: 0 }}>
            {t('statistics.report.title')}
          </Typography.Title>
          <DimensionTable
            report={report.data}
            categories={categories}
            loading={report.isPending}
            page={p.page}
            onPage={p.setPage}
            caption={t('statistics.report.title')}
          />
        </section>
      )}
      {filtered ? (
        <Typography.Text
          type="secondary"
          data-testid="sub-report-hint"
          style={{ display: 'block', marginTop: 16 }}
        >
          {t('statistics.subReport.hint')}
        </Typography.Text>
      ) : (
        <div style={{ marginTop: 24 }}>
          <SubReport
            report={overall.data}
            categories={categories}
            loading={overall.isPending}
            countryName={countryName}
          />
        </div>
      )}
    </Card>
  );
}
