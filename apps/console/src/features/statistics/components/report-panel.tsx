import { BarChartOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Flex, Segmented, Skeleton, Typography } from 'antd';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type View = 'chart' | 'table';

interface ReportPanelProps {
  title: string;
  loading: boolean;
  /** The sentence of the empty state (no sends in the range); the chart and the table show otherwise. */
  empty?: string;
  /** Below the empty state's sentence (the "Show today" button). */
  emptyAction?: ReactNode;
  /** The report could not be loaded (and nothing is shown yet): its message and a retry. */
  failure?: { message: string; retry: () => void };
  chart: ReactNode;
  table: ReactNode;
  /** Above the chart in the chart view (the legend, a category switch). */
  controls?: ReactNode;
  /** Right of the title (the CSV link). */
  actions?: ReactNode;
  testId?: string;
}

/**
 * A chart with its table view (a Chart / Table switch), a skeleton while it loads and an empty state saying that the
 * range had nothing to show.
 */
export function ReportPanel({
  title,
  loading,
  empty,
  emptyAction,
  failure,
  chart,
  table,
  controls,
  actions,
  testId,
}: ReportPanelProps) {
  const { t } = useTranslation();
  const id = useId();
  const [view, setView] = useState<View>('chart');
  return (
    <section aria-labelledby={id} data-testid={testId} style={{ marginBottom: 24 }}>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Title level={5} id={id} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Flex gap={8} align="center" wrap>
          <Segmented<View>
            aria-label={t('statistics.view.label')}
            data-testid="view-switch"
            value={view}
            onChange={setView}
            options={[
              { value: 'chart', label: t('statistics.view.chart') },
              { value: 'table', label: t('statistics.view.table') },
            ]}
          />
          {actions}
        </Flex>
      </Flex>
      {failure ? (
        <Alert
          type="error"
          showIcon
          title={failure.message}
          action={<Button onClick={failure.retry}>{t('errors.retry')}</Button>}
        />
      ) : loading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : empty ? (
        <Empty
          data-testid="stat-empty"
          image={<BarChartOutlined style={{ fontSize: 48, color: '#bac8ff' }} />}
          styles={{ image: { height: 56 } }}
          description={<Typography.Text type="secondary">{empty}</Typography.Text>}
          style={{ padding: '32px 0' }}
        >
          {emptyAction}
        </Empty>
      ) : view === 'chart' ? (
        <>
          {controls}
          {chart}
        </>
      ) : (
        table
      )}
    </section>
  );
}
