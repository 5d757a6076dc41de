import { Flex, Segmented, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countryCodes, countryName, REPORT_PERIOD_UNITS, ReportTimeType } from '@beacon/shared';
import { useAdminFormat } from '../lib/format';
import type { DayRange } from '../lib/range';
import { AppSelect } from './app-select';
import { PeriodRangeSelect } from './period-range-select';
import { RangeSelect } from './range-select';

export interface ReportFilterValue {
  appId: number | undefined;
  countries: string[];
  /** 1 notification, 2 pass-through, undefined every message */
  msgType: 1 | 2 | undefined;
  timeType: ReportTimeType;
  range: DayRange;
}

interface ReportFiltersProps {
  value: ReportFilterValue;
  onChange: (patch: Partial<ReportFilterValue>) => void;
}

/**
 * The report tab's filters: app, countries, message type, the grouping (day, ISO week or month) and its range: days
 * with the range picker, weeks or months as a from/to of year and week or month.
 */
export function ReportFilters({ value, onChange }: ReportFiltersProps) {
  const { t } = useTranslation();
  const { lang } = useAdminFormat();
  const unit = REPORT_PERIOD_UNITS[value.timeType];
  const countries = useMemo(() => {
    const collator = new Intl.Collator(lang);
    return countryCodes()
      .map((code) => ({ value: code, label: `${countryName(code, lang)} (${code})` }))
      .sort((a, b) => collator.compare(a.label, b.label));
  }, [lang]);
  return (
    <Flex wrap gap={12} style={{ marginBottom: 16 }} data-testid="admin-report-filters">
      <AppSelect value={value.appId} onChange={(appId) => onChange({ appId })} />
      <Select<string[]>
        mode="multiple"
        allowClear
        maxTagCount={3}
        showSearch
        optionFilterProp="label"
        style={{ minWidth: 220 }}
        value={value.countries}
        placeholder={t('statisticsAdmin.report.allCountries')}
        aria-label={t('statisticsAdmin.col.country')}
        data-testid="admin-report-country"
        options={countries}
        onChange={(list) => onChange({ countries: list })}
      />
      <Select<1 | 2>
        allowClear
        style={{ width: 190 }}
        value={value.msgType}
        placeholder={t('statisticsAdmin.report.allTypes')}
        aria-label={t('statisticsAdmin.col.msgType')}
        data-testid="admin-report-type"
        options={([1, 2] as const).map((m) => ({ value: m, label: t(`statisticsAdmin.msgType.${m}`) }))}
        onChange={(msgType) => onChange({ msgType: msgType ?? undefined })}
      />
      <Segmented
        value={value.timeType}
        aria-label={t('statisticsAdmin.report.grouping')}
        data-testid="admin-report-grouping"
        onChange={(timeType) => onChange({ timeType })}
        options={[
          { value: ReportTimeType.DAY, label: t('statisticsAdmin.report.day') },
          { value: ReportTimeType.WEEK, label: t('statisticsAdmin.report.week') },
          { value: ReportTimeType.MONTH, label: t('statisticsAdmin.report.month') },
        ]}
      />
      {unit === 'day' ? (
        <RangeSelect kind="platform" value={value.range} onChange={(range) => onChange({ range })} />
      ) : (
        <PeriodRangeSelect
          kind="platform"
          unit={unit}
          value={value.range}
          onChange={(range) => onChange({ range })}
        />
      )}
    </Flex>
  );
}
