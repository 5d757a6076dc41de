import type { JourneyStep } from '@beacon/shared';

/** An app's last 30 days' totals from the statistics rollups (JourneysRepository.rates). */
export interface AppRates {
  push: number;
  dispatch: number;
  show: number;
  click: number;
}

/** The share of a source step's dispatched devices an outcome takes, by the app's rates (residue: everyone left). */
function outcomeShare(rates: AppRates, outcome: string): number {
  if (rates.dispatch <= 0) return 0;
  if (outcome === 'clicked') return rates.click / rates.dispatch;
  if (outcome === 'shownNotClicked') return Math.max(0, rates.show - rates.click) / rates.dispatch;
  if (outcome === 'notShown') return Math.max(0, 1 - rates.show / rates.dispatch);
  return 1;
}

/**
 * Each step's expected audience (docs/journeys.md, Estimate): the entry's count exactly; a later step, its source's
 * estimate × the app's dispatch rate × the share its outcome takes (a residue: what its siblings leave) × `kept[i]`,
 * the share of the app's devices its own conditions keep. Null for every later step without history (no push in 30
 * days) or whose source has none.
 */
export function projectSteps(
  steps: readonly JourneyStep[],
  entry: number,
  rates: AppRates,
  kept: readonly number[],
): Array<number | null> {
  const estimates: Array<number | null> = [entry];
  const dispatchRate = rates.push > 0 ? rates.dispatch / rates.push : 0;
  for (const [i, step] of steps.entries()) {
    if (i === 0) continue;
    const b = step.displayConditions!;
    const source = estimates[steps.findIndex((s) => s.groupTag === b.from)] ?? null;
    if (source === null || rates.push <= 0) {
      estimates.push(null);
      continue;
    }
    let part = outcomeShare(rates, b.outcome);
    if (b.outcome === 'residue') {
      const siblings = steps.filter(
        (s, k) =>
          k !== i && s.displayConditions?.from === b.from && s.displayConditions.outcome !== 'residue',
      );
      part = Math.max(
        0,
        1 - siblings.reduce((n, s) => n + outcomeShare(rates, s.displayConditions!.outcome), 0),
      );
    }
    estimates.push(Math.round(source * dispatchRate * part * (kept[i] ?? 1)));
  }
  return estimates;
}
