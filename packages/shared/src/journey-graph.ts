/**
 * The one rule of a journey's graph (docs/journeys.md "Rules"), used by the server before it saves and by the canvas
 * editor to mark the node at fault. Pure: no I/O, no dates.
 */

export const JOURNEY_LIMITS = {
  stepsMax: 20,
  tagMax: 20,
  waitHoursMax: 720,
  waitDaysMax: 30,
} as const;

/** What a device did with its source step's message that leads it down a branch. */
export const JOURNEY_OUTCOMES = ['clicked', 'shownNotClicked', 'notShown', 'everyone', 'residue'] as const;
export type JourneyOutcome = (typeof JOURNEY_OUTCOMES)[number];

export type JourneyWait =
  { unit: 'hours'; value: number } | { unit: 'days'; value: number } | { unit: 'at'; time: string };

export interface JourneyBranch {
  /** the source step's groupTag */
  from: string;
  outcome: JourneyOutcome;
  wait: JourneyWait;
}

/** What the rule reads of a step. */
export interface JourneyStepShape {
  groupTag: string;
  displayConditions: JourneyBranch | null;
  conditions?: readonly unknown[];
}

export interface JourneyProblem {
  /** the field at fault, from the journey's root: `childMsgs.2.displayConditions.from` */
  field: string;
  /** the step at fault (its index in childMsgs) */
  step: number;
  message: string;
}

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A wait in milliseconds for comparing waits (`at` counts as at most one day). */
export function waitMs(w: JourneyWait): number {
  if (w.unit === 'hours') return w.value * 3_600_000;
  if (w.unit === 'days') return w.value * 86_400_000;
  return 86_400_000;
}

/** The next instant after `from` (inclusive of none) at which the wait ends; `at` is wall time in `zone` (+hhmm). */
export function waitEnd(w: JourneyWait, from: Date, zone = '+0000'): Date {
  if (w.unit !== 'at') return new Date(from.getTime() + waitMs(w));
  const sign = zone.startsWith('-') ? -1 : 1;
  const offsetMin = sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(3, 5)));
  const [h, m] = w.time.split(':').map(Number) as [number, number];
  const local = new Date(from.getTime() + offsetMin * 60_000);
  let at =
    Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), h, m) - offsetMin * 60_000;
  if (at <= from.getTime()) at += 86_400_000;
  return new Date(at);
}

function waitProblem(w: JourneyWait): string | null {
  if (
    w.unit === 'hours' &&
    !(Number.isInteger(w.value) && w.value >= 1 && w.value <= JOURNEY_LIMITS.waitHoursMax)
  )
    return `must be 1 to ${JOURNEY_LIMITS.waitHoursMax} hours`;
  if (
    w.unit === 'days' &&
    !(Number.isInteger(w.value) && w.value >= 1 && w.value <= JOURNEY_LIMITS.waitDaysMax)
  )
    return `must be 1 to ${JOURNEY_LIMITS.waitDaysMax} days`;
  if (w.unit === 'at' && !HH_MM.test(w.time)) return 'must be a time HH:mm';
  return null;
}

/**
 * Every problem of a journey's steps, in step order (empty when it may be saved): 1–20 steps, unique tags, one entry
 * listed first, each branch from a step listed before it (so no cycle and no orphan), disjoint branches per source
 * (`everyone` alone; every other outcome at most once), a residue branch waiting at least as long as its siblings,
 * waits in range, and no conditions on the entry step (its audience is the journey's).
 */
export function checkJourney(steps: readonly JourneyStepShape[]): JourneyProblem[] {
  const problems: JourneyProblem[] = [];
  const add = (step: number, field: string, message: string) =>
    problems.push({ step, field: `childMsgs.${step}${field ? `.${field}` : ''}`, message });
  if (steps.length === 0) {
    problems.push({ step: 0, field: 'childMsgs', message: 'must hold at least one step' });
    return problems;
  }
  // past the limit nothing else is worth saying (the steps must go first), and the branch checks below compare the
  // branches of a source pairwise: 10,000 steps from one source took seconds
  if (steps.length > JOURNEY_LIMITS.stepsMax)
    return [
      {
        step: JOURNEY_LIMITS.stepsMax,
        field: 'childMsgs',
        message: `must hold at most ${JOURNEY_LIMITS.stepsMax} steps`,
      },
    ];
  const index = new Map<string, number>();
  steps.forEach((s, i) => {
    const tag = s.groupTag.trim();
    if (tag.length === 0 || tag.length > JOURNEY_LIMITS.tagMax)
      add(i, 'groupTag', `must be 1 to ${JOURNEY_LIMITS.tagMax} characters`);
    else if (index.has(tag))
      add(i, 'groupTag', `must be unique: step ${index.get(tag)! + 1} is also “${tag}”`);
    else index.set(tag, i);
  });
  const bySource = new Map<string, Array<{ step: number; branch: JourneyBranch }>>();
  steps.forEach((s, i) => {
    const b = s.displayConditions;
    if (i === 0) {
      if (b) add(0, 'displayConditions', 'must be empty: the first step is the entry');
      if (s.conditions && s.conditions.length > 0)
        add(0, 'conditions', 'must be empty: the entry step sends to the journey’s audience');
      return;
    }
    if (!b) {
      add(
        i,
        'displayConditions',
        'must name the step and outcome that lead here (only the first step is the entry)',
      );
      return;
    }
    const from = index.get(b.from.trim());
    if (from === undefined) add(i, 'displayConditions.from', `names no step (“${b.from}”)`);
    else if (from === i) add(i, 'displayConditions.from', 'must not be the step itself');
    else if (from > i)
      add(i, 'displayConditions.from', `must be a step listed before this one (“${b.from}” comes later)`);
    const wait = waitProblem(b.wait);
    if (wait) add(i, 'displayConditions.wait', wait);
    if (from !== undefined && from < i) {
      const list = bySource.get(b.from.trim()) ?? [];
      list.push({ step: i, branch: b });
      bySource.set(b.from.trim(), list);
    }
  });
  for (const [source, branches] of bySource) {
    const seen = new Set<JourneyOutcome>();
    for (const { step, branch } of branches) {
      if (branch.outcome === 'everyone' && branches.length > 1)
        add(step, 'displayConditions.outcome', `“everyone” must be the only branch of “${source}”`);
      else if (seen.has(branch.outcome))
        add(step, 'displayConditions.outcome', `“${source}” already has a “${branch.outcome}” branch`);
      seen.add(branch.outcome);
      if (branch.outcome === 'residue') {
        const longer = branches.find((o) => o.step !== step && waitMs(o.branch.wait) > waitMs(branch.wait));
        if (longer)
          add(
            step,
            'displayConditions.wait',
            `must be at least the wait of step ${longer.step + 1} (the residue takes what the other branches leave)`,
          );
      }
    }
  }
  return problems.sort((a, b) => a.step - b.step);
}
