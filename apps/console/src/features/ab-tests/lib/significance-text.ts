import { formatRate } from '../../messages';

/** A proportion (0–1) as the lists show a rate (formatRate: a percentage to two decimals). */
export const proportionText = (p: number): string => formatRate(p * 100);

/** A p-value as the detail shows it: three decimals, or "< 0.001" below that. */
export const pValueText = (p: number): string => (p < 0.001 ? 'p < 0.001' : `p = ${p.toFixed(3)}`);
