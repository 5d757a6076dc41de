import { Alert, Skeleton, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { type AbSignificance, type RateInterval } from '@beacon/shared';
import { pValueText, proportionText } from '../lib/significance-text';

type Metric = 'reach' | 'show' | 'click' | 'clickPerDispatch';
const METRICS: readonly Metric[] = ['reach', 'show', 'click', 'clickPerDispatch'];

/** A rate with its 95 % interval under it. */
function RateCell({ value, testId }: { value: RateInterval; testId: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid={testId}>
      <div>{proportionText(value.rate)}</div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('abTests.significance.interval', {
          low: proportionText(value.low),
          high: proportionText(value.high),
        })}
      </Typography.Text>
    </div>
  );
}

/**
 * The arms compared (docs/ab-tests.md): reach, show and click rates with their 95 % (Wilson) intervals, the clicks per
 * dispatched device the z-test compares, its p-value, and which arm leads, only when the difference is significant.
 */
export function AbSignificanceSection({
  significance,
}: {
  /** undefined while the detail loads; null until both arms exist. */
  significance: AbSignificance | null | undefined;
}) {
  const { t } = useTranslation();
  if (significance === undefined) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (significance === null)
    return <Typography.Text type="secondary">{t('abTests.significance.none')}</Typography.Text>;
  const s = significance;
  const columns: ColumnsType<Metric> = [
    {
      key: 'metric',
      title: t('abTests.significance.metric'),
      render: (_, m) => t(`abTests.significance.${m}`),
    },
    ...(['a', 'b'] as const).map((arm) => ({
      key: arm,
      title: t('abTests.arm.name', { tag: arm.toUpperCase() }),
      render: (_: unknown, m: Metric) => <RateCell value={s[arm][m]} testId={`rate-${arm}-${m}`} />,
    })),
  ];
  const p = pValueText(s.pValue);
  return (
    <div data-testid="ab-significance">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('abTests.significance.title')}
      </Typography.Title>
      <Table<Metric>
        rowKey={(m) => m}
        size="small"
        columns={columns}
        dataSource={[...METRICS]}
        pagination={false}
      />
      <Alert
        style={{ marginTop: 12 }}
        type={s.significant ? 'success' : 'info'}
        showIcon
        title={
          <span data-testid="ab-verdict">
            {s.significant && s.leader
              ? t('abTests.significance.leads', { tag: s.leader, p })
              : t('abTests.significance.noDifference')}
          </span>
        }
        description={
          <span data-testid="ab-test-line">{t('abTests.significance.test', { z: s.z.toFixed(2), p })}</span>
        }
      />
    </div>
  );
}
