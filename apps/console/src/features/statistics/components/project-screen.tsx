import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListHeader } from '../../../components/list-header';
import { useProjectReport } from '../api/get-project-report';
import { useYesterday } from '../api/get-yesterday';
import { categoriesOf, hasSends, isRate, type Category } from '../lib/categories';
import { trendExportHref } from '../lib/export';
import { cardFigures } from '../lib/figures';
import { ExportLink } from './export-link';
import { failureOf } from './failure';
import { ModeSelect } from './mode-select';
import { RangeBar } from './range-filter';
import { useTodayEmpty } from './show-today';
import { StatTabs } from './stat-tabs';
import { TrendPanel } from './trend-panel';
import { UninstallsPanel } from './uninstalls-panel';
import { CustomEventsPanel } from './custom-events-panel';
import { useStatFormat } from './use-stat-format';
import { useStatParams } from './use-stat-params';
import { YesterdayCards } from './yesterday-cards';

const CATEGORIES = categoriesOf(false);

/** statisticsData/project: yesterday's cards and the message trend of the chosen mode over a range (≤ 1 year). */
export function ProjectScreen({ appId }: { appId: number }) {
  const { t } = useTranslation();
  const f = useStatFormat();
  const p = useStatParams('project', 10);
  const yesterday = useYesterday(appId, p.type);
  const report = useProjectReport(appId, { ...p.asked, type: p.type });
  const range = report.data ?? p.range;
  const rows = report.data?.dated ?? [];
  const name = (c: Category) => t(`statistics.categories.${c}`);
  const todayEmpty = useTodayEmpty(range, p.setRange);
  const cards = yesterday.data
    ? cardFigures(
        CATEGORIES,
        yesterday.data.yesterday,
        yesterday.data.before,
        isRate,
        { name, ...f },
        !hasSends([yesterday.data.before]),
      )
    : [];

  return (
    <Card variant="borderless" data-testid="stat-project">
      <ListHeader
        wrap
        title={t('statistics.title')}
        subtitle={t('statistics.subtitle.project')}
        filters={<ModeSelect value={p.type} onChange={p.setType} />}
        style={{ marginBottom: 4 }}
      />
      <StatTabs appId={appId} active="project" />
      <YesterdayCards day={yesterday.data?.yesterday.date} figures={cards} loading={yesterday.isPending} />
      <RangeBar kind="project" value={p.range} onChange={p.setRange} asked={p.asked} answer={report.data} />
      <TrendPanel
        testId="trend"
        title={t('statistics.report.trend')}
        rows={rows}
        range={range}
        categories={CATEGORIES}
        loading={report.isPending}
        failure={failureOf(report)}
        empty={
          report.data && !hasSends(rows)
            ? (todayEmpty?.text ?? t('statistics.empty.sends', { start: range.start, end: range.end }))
            : undefined
        }
        emptyAction={todayEmpty?.action}
        actions={<ExportLink href={trendExportHref(appId, range, p.type)} testId="export-trend" />}
      />
      <UninstallsPanel appId={appId} range={range} />
      <CustomEventsPanel appId={appId} range={range} />
    </Card>
  );
}
