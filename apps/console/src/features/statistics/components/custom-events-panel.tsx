import { Flex, Select } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { daysOf, utcDay, type CustomEventDay } from '@beacon/shared';
import { CHART_PALETTE } from '../../../components/charts';
import { useCustomEvents } from '../api/get-custom-events';
import { prefersReducedMotion, seriesOption } from '../lib/chart-option';
import { customEventsExportHref } from '../lib/export';
import type { DayRange } from '../lib/range';
import { DaysTable } from './days-table';
import { ExportLink } from './export-link';
import { failureOf } from './failure';
import { ReportPanel } from './report-panel';
import { SeriesLegend } from './series-legend';
import { StatChart } from './stat-chart';
import { useStatFormat } from './use-stat-format';

type Series = 'events' | 'devices';
const SERIES: readonly Series[] = ['events', 'devices'];
const SERIES_COLORS = { events: CHART_PALETTE[0], devices: CHART_PALETTE[2] } as const;

/** The name with the most events over the range (the panel's first choice). */
function busiest(rows: readonly CustomEventDay[]): string | undefined {
  const totals = new Map<string, number>();
  for (const r of rows) totals.set(r.name, (totals.get(r.name) ?? 0) + r.events);
  return [...totals].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
}

/**
 * The app's custom events (issue 33 §2) over the screen's range: for the chosen event name, its events and the
 * distinct devices that reported it, per UTC day; the CSV holds every name.
 */
export function CustomEventsPanel({ appId, range }: { appId: number; range: DayRange }) {
  const { t } = useTranslation();
  const f = useStatFormat();
  const report = useCustomEvents(appId, { start: range.start, end: range.end });
  const shown = report.data ?? range;
  const [picked, setPicked] = useState<string>();
  const [selected, setSelected] = useState<Series[]>([...SERIES]);
  const names = useMemo(() => report.data?.names ?? [], [report.data]);
  const name = picked && names.includes(picked) ? picked : busiest(report.data?.dated ?? []);
  const rows = useMemo(() => {
    const mine = new Map(
      (report.data?.dated ?? []).filter((d) => d.name === name).map((d) => [d.date, d] as const),
    );
    return daysOf(shown.start, shown.end).map((date) => ({
      date,
      events: mine.get(date)?.events ?? 0,
      devices: mine.get(date)?.devices ?? 0,
    }));
  }, [report.data, name, shown.start, shown.end]);
  // a series' name: on the chart, in its legend and as the table's column
  const seriesName = useCallback((s: Series) => t(`statistics.customEvents.${s}`), [t]);
  const option = useMemo(
    () =>
      seriesOption(
        rows.map((r) => (r.date === utcDay() ? t('statistics.range.partialDay', { day: r.date }) : r.date)),
        SERIES.filter((s) => selected.includes(s)).map((s) => ({
          key: s,
          name: seriesName(s),
          color: SERIES_COLORS[s],
          values: rows.map((r) => r[s]),
        })),
        f,
        { kind: 'bar', animation: !prefersReducedMotion() },
      ),
    [rows, f, t, selected, seriesName],
  );
  // the chart's two series named in their colours, each one shown or hidden (as the Trend chart's legend)
  const legend = (
    <SeriesLegend<Series>
      label={t('statistics.customEvents.legend')}
      testId="custom-events-legend"
      series={SERIES}
      selected={selected}
      onChange={setSelected}
      colorOf={(s) => SERIES_COLORS[s]}
      nameOf={seriesName}
    />
  );
  return (
    <ReportPanel
      testId="custom-events"
      title={t('statistics.customEvents.title')}
      loading={report.isPending}
      failure={failureOf(report)}
      empty={
        report.data && names.length === 0
          ? t('statistics.customEvents.empty', { start: shown.start, end: shown.end })
          : undefined
      }
      controls={
        names.length > 0 ? (
          <Flex align="center" gap={16} wrap style={{ marginBottom: 8 }}>
            <Select
              data-testid="custom-event-name"
              aria-label={t('statistics.customEvents.name')}
              value={name}
              onChange={setPicked}
              options={names.map((n) => ({ value: n, label: n }))}
              showSearch
              style={{ minWidth: 220 }}
            />
            {legend}
          </Flex>
        ) : undefined
      }
      actions={<ExportLink href={customEventsExportHref(appId, shown)} testId="export-custom-events" />}
      chart={
        <StatChart
          option={option}
          label={t('statistics.customEvents.chart', { name: name ?? '', start: shown.start, end: shown.end })}
        />
      }
      table={
        <DaysTable
          rows={rows}
          columns={SERIES.map((s) => ({ key: s, title: seriesName(s) }))}
          pageSize={10}
          caption={t('statistics.customEvents.table', { name: name ?? '' })}
          testId="custom-events-table"
        />
      }
    />
  );
}
