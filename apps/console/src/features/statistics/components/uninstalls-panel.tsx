import { Table, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { utcDay, type UninstallMessage } from '@beacon/shared';
import { CHART_PALETTE } from '../../../components/charts';
import { useUninstalls } from '../api/get-uninstalls';
import { prefersReducedMotion, seriesOption } from '../lib/chart-option';
import { uninstallsExportHref } from '../lib/export';
import type { DayRange } from '../lib/range';
import { DaysTable } from './days-table';
import { ExportLink } from './export-link';
import { failureOf } from './failure';
import { ReportPanel } from './report-panel';
import { StatChart } from './stat-chart';
import { useStatFormat } from './use-stat-format';
import { VISUALLY_HIDDEN } from './visually-hidden';

/**
 * Uninstalls (issue 32 §4) over the screen's range: devices FCM answered UNREGISTERED for, per UTC day, and the
 * messages that preceded them (the last message FCM accepted for the device before), most uninstalls first — which
 * messages make people uninstall.
 */
export function UninstallsPanel({ appId, range }: { appId: number; range: DayRange }) {
  const { t } = useTranslation();
  const f = useStatFormat();
  const report = useUninstalls(appId, { start: range.start, end: range.end });
  const rows = useMemo(() => report.data?.dated ?? [], [report.data]);
  const shown = report.data ?? range;
  const name = t('statistics.uninstalls.count');
  const option = useMemo(
    () =>
      seriesOption(
        rows.map((r) => (r.date === utcDay() ? t('statistics.range.partialDay', { day: r.date }) : r.date)),
        [{ key: 'count', name, color: CHART_PALETTE[3], values: rows.map((r) => r.count) }],
        f,
        { kind: 'bar', animation: !prefersReducedMotion() },
      ),
    [rows, f, t, name],
  );
  return (
    <>
      <ReportPanel
        testId="uninstalls"
        title={t('statistics.uninstalls.title', { total: f.count(report.data?.total ?? 0) })}
        loading={report.isPending}
        failure={failureOf(report)}
        empty={
          report.data && report.data.total === 0
            ? t('statistics.uninstalls.empty', { start: shown.start, end: shown.end })
            : undefined
        }
        actions={<ExportLink href={uninstallsExportHref(appId, shown)} testId="export-uninstalls" />}
        chart={
          <StatChart
            option={option}
            label={t('statistics.uninstalls.chart', { start: shown.start, end: shown.end })}
          />
        }
        table={
          <DaysTable
            rows={rows}
            columns={[{ key: 'count', title: name }]}
            pageSize={10}
            caption={t('statistics.uninstalls.table')}
            testId="uninstalls-table"
          />
        }
      />
      {report.data && report.data.total > 0 && <UninstallMessages rows={report.data.messages} />}
    </>
  );
}

function UninstallMessages({ rows }: { rows: UninstallMessage[] }) {
  const { t } = useTranslation();
  const f = useStatFormat();
  return (
    <section data-testid="uninstall-messages" style={{ marginBottom: 24 }}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('statistics.uninstalls.messages')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('statistics.uninstalls.messagesHint')}</Typography.Paragraph>
      <Table<UninstallMessage>
        size="small"
        rowKey="msgId"
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        caption={<span style={VISUALLY_HIDDEN}>{t('statistics.uninstalls.messages')}</span>}
        columns={[
          {
            key: 'message',
            title: t('statistics.uninstalls.message'),
            render: (_, r) =>
              r.msgId === 0 ? (
                <Typography.Text type="secondary">{t('statistics.uninstalls.none')}</Typography.Text>
              ) : (
                <span>
                  {r.title || t('statistics.uninstalls.deleted')}{' '}
                  <Typography.Text type="secondary">#{r.msgId}</Typography.Text>
                </span>
              ),
          },
          {
            key: 'count',
            title: t('statistics.uninstalls.count'),
            align: 'right',
            render: (_, r) => f.count(r.count),
          },
          {
            key: 'dispatch',
            title: t('statistics.uninstalls.dispatch'),
            align: 'right',
            render: (_, r) => (r.msgId === 0 ? '–' : f.count(r.dispatch)),
          },
          {
            key: 'rate',
            title: t('statistics.uninstalls.rate'),
            align: 'right',
            render: (_, r) => (r.msgId === 0 ? '–' : f.rate(r.rate)),
          },
        ]}
      />
    </section>
  );
}
