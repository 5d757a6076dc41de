import { Table } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { capForecast, type MessageForecast } from '@beacon/shared';
import { parseLanguage, DEFAULT_LANGUAGE } from '../../../i18n/language';
import { formatNumber } from '../../../lib/number-format';
import { lossName } from '../lib/format';

/** What a send counted: devices lost by loss code, and the devices FCM accepted. */
export interface CountedSend {
  losses: ReadonlyMap<number, number>;
  sent: number;
}

interface ForecastTableProps {
  forecast: MessageForecast;
  /** What the send counted, shown beside the forecast; absent before the send (the compose confirmation). */
  actual?: CountedSend | undefined;
  /** The message’s push count: it caps the expected sends, and the losses met on the way (capForecast). */
  pushCount?: number | undefined;
}

interface Line {
  key: string;
  name: string;
  count: number;
  error: number | undefined;
  actual: number | undefined;
}

/**
 * The forecast before send, one row per dispatch-loss reason (its name from the shared loss table) and the expected
 * sends; with `actual`, the counted losses and sends beside it ("forecast vs actual"). Numbers are grouped in the
 * reader's language; a sampled count reads "≈ 1,230 ± 57" (± one standard error).
 */
export function ForecastTable({ forecast: whole, actual, pushCount }: ForecastTableProps) {
  const forecast = capForecast(whole, pushCount);
  const { t, i18n } = useTranslation();
  const lang = parseLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  const forecastLoss = new Map(forecast.losses.map((l) => [l.type, l]));
  const codes = [...forecast.losses.map((l) => l.type)];
  for (const code of actual?.losses.keys() ?? []) if (!forecastLoss.has(code)) codes.push(code);
  const lines: Line[] = codes.map((code) => ({
    key: String(code),
    name: lossName(code, lang) ?? t('messages.loss.other', { code }),
    count: forecastLoss.get(code)?.count ?? 0,
    error: forecastLoss.get(code)?.error,
    actual: actual ? (actual.losses.get(code) ?? 0) : undefined,
  }));
  lines.push({
    key: 'send',
    name: t('messages.forecast.send'),
    count: forecast.send,
    error: forecast.sendError,
    actual: actual?.sent,
  });
  const value = (count: number, error: number | undefined) =>
    error === undefined
      ? formatNumber(count, lang)
      : `≈ ${formatNumber(count, lang)} ± ${formatNumber(error, lang)}`;

  return (
    <Table<Line>
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={lines}
      onRow={(l) => ({ 'data-testid': `forecast-row-${l.key}` }) as HTMLAttributes<HTMLElement>}
      columns={[
        { key: 'reason', title: t('messages.loss.code'), render: (_, l) => l.name },
        {
          key: 'forecast',
          title: t('messages.forecast.forecast'),
          align: 'right',
          render: (_, l) => <span data-testid="forecast-value">{value(l.count, l.error)}</span>,
        },
        ...(actual
          ? [
              {
                key: 'actual',
                title: t('messages.forecast.actual'),
                align: 'right' as const,
                render: (_: unknown, l: Line) => (
                  <span data-testid="actual-value">{formatNumber(l.actual ?? 0, lang)}</span>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
