import { Alert, Skeleton, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type z } from 'zod';
import { useTranslation } from 'react-i18next';
import { type AbSignificanceData, type RateInterval } from '@beacon/shared';
import { formatRate } from '../../messages';
import { pValueText, proportionText } from '../lib/significance-text';
import { ArmLabel } from './ab-arms-table';

type Significance = z.infer<typeof AbSignificanceData>;
type ArmResult = Significance['arms'][number];
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

const DASH = '–';

/**
 * The variants compared (docs/ab-tests.md): each one's reach, show and click rates and clicks per dispatched device
 * with their 95 % (Wilson) intervals; the best (by clicks per dispatched device) against each other one: z, p-value
 * and the Holm-adjusted p-value; and whether the best is significantly best at the test's level.
 */
export function AbSignificanceSection({
  significance,
}: {
  /** undefined while the detail loads; null until every arm exists. */
  significance: Significance | null | undefined;
}) {
  const { t } = useTranslation();
  if (significance === undefined) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (significance === null)
    return <Typography.Text type="secondary">{t('abTests.significance.none')}</Typography.Text>;
  const s = significance;
  const columns: ColumnsType<ArmResult> = [
    {
      key: 'arm',
      title: t('abTests.columns.arm'),
      fixed: 'left',
      render: (_, a) => (
        <span data-testid={`sig-arm-${a.tag}`} style={{ whiteSpace: 'nowrap' }}>
          <ArmLabel child={{ groupTag: a.tag, rest: false }} />
          {a.tag === s.best && (
            <Tag color="gold" style={{ marginInlineStart: 4 }} data-testid={`best-${a.tag}`}>
              {t('abTests.significance.best')}
            </Tag>
          )}
        </span>
      ),
    },
    {
      key: 'chance',
      title: t('abTests.significance.chance'),
      align: 'right',
      render: (_, a) => <span data-testid={`chance-${a.tag}`}>{proportionText(a.probabilityBest)}</span>,
    },
    ...METRICS.map((m) => ({
      key: m,
      title: t(`abTests.significance.${m}`),
      render: (_: unknown, a: ArmResult) => <RateCell value={a.rates[m]} testId={`rate-${a.tag}-${m}`} />,
    })),
    {
      key: 'z',
      title: 'z',
      align: 'right',
      render: (_, a) => <span data-testid={`z-${a.tag}`}>{a.z === null ? DASH : a.z.toFixed(2)}</span>,
    },
    {
      key: 'p',
      title: t('abTests.significance.p'),
      align: 'right',
      render: (_, a) => (
        <span data-testid={`p-${a.tag}`}>{a.pValue === null ? DASH : pValueText(a.pValue)}</span>
      ),
    },
    {
      key: 'adjustedP',
      title: t('abTests.significance.adjustedP'),
      align: 'right',
      render: (_, a) => (
        <span data-testid={`adjp-${a.tag}`}>{a.adjustedP === null ? DASH : pValueText(a.adjustedP)}</span>
      ),
    },
  ];
  // the best is significantly best when every adjusted p is below alpha: the largest one says by how much
  const adjusted = s.arms.flatMap((a) => (a.adjustedP === null ? [] : [a.adjustedP]));
  const worst = adjusted.length > 0 ? Math.max(...adjusted) : null;
  const name = (tag: string) => t('abTests.arm.name', { tag });
  return (
    <div data-testid="ab-significance">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('abTests.significance.title')}
      </Typography.Title>
      <Table<ArmResult>
        rowKey={(a) => a.tag}
        size="small"
        columns={columns}
        dataSource={s.arms}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      <Alert
        style={{ marginTop: 12 }}
        type={s.significant ? 'success' : 'info'}
        showIcon
        title={
          <span data-testid="ab-verdict">
            {s.significant && s.leader && worst !== null
              ? t('abTests.significance.leads', { name: name(s.leader), p: pValueText(worst) })
              : s.best
                ? t('abTests.significance.noneBestYet', { name: name(s.best) })
                : t('abTests.significance.noDifference')}
          </span>
        }
        description={
          <span data-testid="ab-test-line">
            {t('abTests.significance.test', {
              count: Math.max(0, s.arms.length - 1),
              alpha: formatRate(s.alpha * 100),
            })}
          </span>
        }
      />
    </div>
  );
}
