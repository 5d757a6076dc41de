import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined } from '@ant-design/icons';
import { Card, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CardFigure } from '../lib/figures';
import type { Change } from '../lib/format';
import { useStatFormat } from './use-stat-format';

const TREND_COLOR = { up: '#2f9e44', down: '#e03131', flat: '#8c8c8c', new: '#8c8c8c' } as const;

function ChangeLine({ change, rate }: { change: Change; rate?: boolean }) {
  const { t } = useTranslation();
  const f = useStatFormat();
  const amount =
    change.amount === null
      ? ''
      : rate
        ? t('statistics.yesterday.points', { amount: f.count(change.amount) })
        : f.rate(change.amount);
  const Icon =
    change.trend === 'up' ? ArrowUpOutlined : change.trend === 'down' ? ArrowDownOutlined : MinusOutlined;
  return (
    <Typography.Text style={{ fontSize: 12, color: TREND_COLOR[change.trend] }} data-trend={change.trend}>
      <Icon aria-hidden /> {t(`statistics.yesterday.${change.trend}`, { amount })}
    </Typography.Text>
  );
}

function FigureCard({ figure }: { figure: CardFigure }) {
  return (
    <Card
      size="small"
      role="group"
      aria-label={figure.label}
      style={{ minWidth: 150, flex: '1 1 150px', background: '#fafbff' }}
      data-testid={`card-${figure.key}`}
    >
      <div style={{ fontSize: 13, color: '#595959' }}>{figure.label}</div>
      <div
        style={{ margin: '4px 0 2px', fontSize: 22, fontWeight: 600 }}
        data-testid={`card-${figure.key}-value`}
      >
        {figure.value}
      </div>
      <ChangeLine change={figure.change} rate={figure.rate} />
    </Card>
  );
}

/** Yesterday's figures (counts on one row, rates on the next), each with its move from the day before. */
export function YesterdayCards({
  day,
  figures,
  loading,
}: {
  day: string | undefined;
  figures: readonly CardFigure[];
  loading: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="stat-yesterday" data-testid="yesterday-cards" style={{ marginBottom: 20 }}>
      <Typography.Title level={5} id="stat-yesterday" style={{ marginTop: 0 }}>
        {t('statistics.yesterday.title', { day: day ?? '…' })}
      </Typography.Title>
      {loading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <Flex vertical gap={12}>
          {[figures.filter((fig) => !fig.rate), figures.filter((fig) => fig.rate)]
            .filter((row) => row.length > 0)
            .map((row) => (
              <Flex wrap gap={12} key={row[0]?.key}>
                {row.map((fig) => (
                  <FigureCard key={fig.key} figure={fig} />
                ))}
              </Flex>
            ))}
        </Flex>
      )}
    </section>
  );
}
