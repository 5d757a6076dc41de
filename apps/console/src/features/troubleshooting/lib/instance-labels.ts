import { type TFunction } from 'i18next';
import { type Lang } from '@beacon/shared';

const KNOWN_REASONS = new Set([1, 2, 3, 4]);
const KNOWN_SOLUTIONS = new Set([1, 2, 3]);

/** The text of an invalid reason (1–4); other values are shown raw. */
export function reasonText(t: TFunction, reason: number): string {
  return KNOWN_REASONS.has(reason) ? t(`troubleshooting.reason.${reason}`) : String(reason);
}

/** The text of a solution (1–3); other values are shown raw. */
export function solutionText(t: TFunction, solution: number): string {
  return KNOWN_SOLUTIONS.has(solution) ? t(`troubleshooting.solution.${solution}`) : String(solution);
}

/** A device language (`pt_BR`, `en`) named in the console language, with its code. */
export function languageLabel(code: string, lang: Lang): string {
  try {
    const name = new Intl.DisplayNames([lang === 'zh' ? 'zh-Hans' : lang], { type: 'language' }).of(
      code.replace('_', '-'),
    );
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}
