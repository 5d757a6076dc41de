import { currentLanguage } from '../../../i18n';
import { formatNumber } from '../../../lib/number-format';
/** An audience size as the console shows it: `1,234`, or `≈ 1,230,000` for a sampled estimate of a large app. */
export const sizeText = (count: number, exact: boolean): string =>
  `${exact ? '' : '≈ '}${formatNumber(count, currentLanguage())}`;
