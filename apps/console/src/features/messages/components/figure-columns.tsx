import type { ColumnsType } from 'antd/es/table';
import { type ReactNode } from 'react';

/** The figures a message list shows of each row, in the columns' order (part 2 §2). */
export const FIGURE_KEYS = [
  'push',
  'dispatched',
  'reached',
  'reachRate',
  'shown',
  'showRate',
  'clicked',
  'clickRate',
] as const;
export type FigureKey = (typeof FIGURE_KEYS)[number];
export type RateKey = Extract<FigureKey, `${string}Rate`>;

export const isRateKey = (key: FigureKey): key is RateKey => key.endsWith('Rate');

/**
 * The figure columns of the message lists (messages, A/B tests): one right-aligned column a figure, titled
 * `messages.columns.<key>`; each table says how it shows a row's figure (`cell`).
 */
export function figureColumns<T>(
  t: (key: string) => string,
  cell: (row: T, key: FigureKey) => ReactNode,
): ColumnsType<T> {
  return FIGURE_KEYS.map((key) => ({
    key,
    title: t(`messages.columns.${key}`),
    align: 'right',
    render: (_: unknown, r: T) => cell(r, key),
  }));
}
