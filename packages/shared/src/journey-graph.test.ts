import { describe, expect, it } from 'vitest';
import {
  checkJourney,
  JOURNEY_LIMITS,
  waitEnd,
  waitMs,
  type JourneyOutcome,
  type JourneyStepShape,
  type JourneyWait,
} from './journey-graph';

const hours = (value: number): JourneyWait => ({ unit: 'hours', value });
const days = (value: number): JourneyWait => ({ unit: 'days', value });
const at = (time: string): JourneyWait => ({ unit: 'at', time });

/** The entry step (no branch leads to it). */
const entry = (groupTag = 'Start', extra: Partial<JourneyStepShape> = {}): JourneyStepShape => ({
  groupTag,
  displayConditions: null,
  ...extra,
});
/** A step reached from `from` by `outcome` after `wait`. */
const step = (
  groupTag: string,
  from: string,
  outcome: JourneyOutcome = 'clicked',
  wait: JourneyWait = hours(24),
): JourneyStepShape => ({ groupTag, displayConditions: { from, outcome, wait } });

/** The problems as `step field` pairs, in the order checkJourney returns them. */
const faults = (steps: readonly JourneyStepShape[]) =>
  checkJourney(steps).map(({ step: s, field }) => ({ step: s, field }));

/** A journey whose one fault is the wait of step 1. */
const withWait = (wait: JourneyWait) => [entry(), step('Follow up', 'Start', 'clicked', wait)];

describe('checkJourney: a valid tree', () => {
  it('takes an entry, a clicked branch and a notShown branch', () => {
    expect(
      checkJourney([
        entry('Start', { conditions: [] }),
        step('Clicked', 'Start', 'clicked', hours(2)),
        step('Not shown', 'Start', 'notShown', days(1)),
      ]),
    ).toEqual([]);
  });

  it('takes a deeper tree with conditions on later steps and every outcome but everyone', () => {
    expect(
      checkJourney([
        entry(),
        step('A', 'Start', 'clicked', hours(1)),
        step('B', 'Start', 'shownNotClicked', hours(2)),
        step('C', 'Start', 'notShown', at('07:30')),
        step('D', 'Start', 'residue', days(1)),
        { ...step('E', 'A', 'everyone', days(30)), conditions: [{ label: 'country' }] },
      ]),
    ).toEqual([]);
  });

  it('takes a journey of one step', () => {
    expect(checkJourney([entry()])).toEqual([]);
  });
});

describe('checkJourney: steps and tags', () => {
  it('refuses an empty list', () => {
    expect(checkJourney([])).toEqual([
      { step: 0, field: 'childMsgs', message: 'must hold at least one step' },
    ]);
  });

  it('takes 20 steps and refuses 21, naming the first step too many', () => {
    const chain = (n: number) =>
      Array.from({ length: n }, (_, i) => (i === 0 ? entry('S0') : step(`S${i}`, `S${i - 1}`)));
    expect(checkJourney(chain(JOURNEY_LIMITS.stepsMax))).toEqual([]);
    expect(checkJourney(chain(JOURNEY_LIMITS.stepsMax + 1))).toEqual([
      { step: 20, field: 'childMsgs', message: 'must hold at most 20 steps' },
    ]);
  });

  it('refuses an empty or blank groupTag', () => {
    expect(faults([entry(), step('', 'Start')])).toEqual([{ step: 1, field: 'childMsgs.1.groupTag' }]);
    expect(faults([entry('   ')])).toEqual([{ step: 0, field: 'childMsgs.0.groupTag' }]);
  });

  it('takes a groupTag of 20 characters and refuses 21', () => {
    const twenty = 'x'.repeat(JOURNEY_LIMITS.tagMax);
    expect(checkJourney([entry(), step(twenty, 'Start')])).toEqual([]);
    expect(faults([entry(), step(`${twenty}y`, 'Start')])).toEqual([
      { step: 1, field: 'childMsgs.1.groupTag' },
    ]);
  });

  it('refuses a repeated groupTag (surrounding spaces ignored) on the later step, naming the earlier one', () => {
    const problems = checkJourney([
      entry(),
      step('Again', 'Start', 'clicked'),
      step(' Again ', 'Start', 'notShown'),
    ]);
    expect(problems).toEqual([
      { step: 2, field: 'childMsgs.2.groupTag', message: expect.stringContaining('step 2') as string },
    ]);
  });
});

describe('checkJourney: the entry', () => {
  it('refuses a branch on the first step', () => {
    expect(faults([step('Start', 'Other')])).toEqual([{ step: 0, field: 'childMsgs.0.displayConditions' }]);
  });

  it('refuses conditions on the entry step', () => {
    expect(
      faults([entry('Start', { conditions: [{ label: 'country', op: 'in', values: ['NG'] }] })]),
    ).toEqual([{ step: 0, field: 'childMsgs.0.conditions' }]);
  });

  it('refuses a second step without a branch (two entries)', () => {
    expect(faults([entry(), entry('Second')])).toEqual([{ step: 1, field: 'childMsgs.1.displayConditions' }]);
  });
});

describe('checkJourney: branch sources', () => {
  it('refuses a branch naming no step (an orphan)', () => {
    expect(faults([entry(), step('A', 'Start'), step('B', 'Nowhere')])).toEqual([
      { step: 2, field: 'childMsgs.2.displayConditions.from' },
    ]);
  });

  it('refuses a branch naming its own step', () => {
    expect(faults([entry(), step('A', 'A')])).toEqual([
      { step: 1, field: 'childMsgs.1.displayConditions.from' },
    ]);
  });

  it('refuses a branch from a step listed later', () => {
    expect(faults([entry(), step('A', 'B'), step('B', 'Start')])).toEqual([
      { step: 1, field: 'childMsgs.1.displayConditions.from' },
    ]);
  });

  it('refuses a cycle among non-entry steps: the branch from a later step closes it', () => {
    // A ← B and B ← A: two steps, two branches
    expect(faults([entry(), step('A', 'B'), step('B', 'A')])).toEqual([
      { step: 1, field: 'childMsgs.1.displayConditions.from' },
    ]);
    // A ← C ← B ← A
    expect(faults([entry(), step('A', 'C'), step('B', 'A'), step('C', 'B')])).toEqual([
      { step: 1, field: 'childMsgs.1.displayConditions.from' },
    ]);
  });
});

describe('checkJourney: disjoint branches', () => {
  it('refuses two branches of the same outcome from one source, on the second', () => {
    expect(
      faults([
        entry(),
        step('A', 'Start', 'clicked'),
        step('B', 'Start', 'notShown'),
        step('C', 'Start', 'clicked'),
      ]),
    ).toEqual([{ step: 3, field: 'childMsgs.3.displayConditions.outcome' }]);
    expect(faults([entry(), step('A', 'Start', 'residue'), step('B', 'Start', 'residue')])).toEqual([
      { step: 2, field: 'childMsgs.2.displayConditions.outcome' },
    ]);
  });

  it('takes the same outcome from two different sources', () => {
    expect(
      checkJourney([
        entry(),
        step('A', 'Start', 'clicked'),
        step('B', 'A', 'clicked'),
        step('C', 'B', 'clicked'),
      ]),
    ).toEqual([]);
  });

  it('refuses everyone together with another branch of its source, listed first or last', () => {
    expect(faults([entry(), step('A', 'Start', 'everyone'), step('B', 'Start', 'clicked')])).toEqual([
      { step: 1, field: 'childMsgs.1.displayConditions.outcome' },
    ]);
    expect(faults([entry(), step('A', 'Start', 'clicked'), step('B', 'Start', 'everyone')])).toEqual([
      { step: 2, field: 'childMsgs.2.displayConditions.outcome' },
    ]);
  });

  it('takes everyone as the only branch of its source', () => {
    expect(checkJourney([entry(), step('A', 'Start', 'everyone'), step('B', 'A', 'clicked')])).toEqual([]);
  });
});

describe('checkJourney: the residue waits', () => {
  it('refuses a residue waiting less than a sibling, listed after or before it', () => {
    expect(
      faults([entry(), step('A', 'Start', 'clicked', hours(24)), step('R', 'Start', 'residue', hours(23))]),
    ).toEqual([{ step: 2, field: 'childMsgs.2.displayConditions.wait' }]);
    expect(
      faults([entry(), step('R', 'Start', 'residue', days(1)), step('A', 'Start', 'notShown', days(2))]),
    ).toEqual([{ step: 1, field: 'childMsgs.1.displayConditions.wait' }]);
  });

  it('names the longer sibling', () => {
    const [problem] = checkJourney([
      entry(),
      step('A', 'Start', 'clicked', hours(1)),
      step('B', 'Start', 'notShown', hours(48)),
      step('R', 'Start', 'residue', hours(2)),
    ]);
    expect(problem).toMatchObject({ step: 3, field: 'childMsgs.3.displayConditions.wait' });
    expect(problem?.message).toContain('step 3');
  });

  it('takes a residue waiting as long as or longer than every sibling', () => {
    expect(
      checkJourney([
        entry(),
        step('A', 'Start', 'clicked', hours(24)),
        step('R', 'Start', 'residue', days(1)),
      ]),
    ).toEqual([]);
    expect(
      checkJourney([
        entry(),
        step('A', 'Start', 'clicked', hours(24)),
        step('B', 'Start', 'shownNotClicked', days(2)),
        step('R', 'Start', 'residue', hours(49)),
      ]),
    ).toEqual([]);
  });

  it('compares an `at` wait as one day', () => {
    expect(
      faults([entry(), step('A', 'Start', 'clicked', at('09:00')), step('R', 'Start', 'residue', hours(23))]),
    ).toEqual([{ step: 2, field: 'childMsgs.2.displayConditions.wait' }]);
    expect(
      checkJourney([
        entry(),
        step('A', 'Start', 'clicked', at('09:00')),
        step('R', 'Start', 'residue', hours(24)),
      ]),
    ).toEqual([]);
  });

  it('ignores the waits of branches of another source', () => {
    expect(
      checkJourney([
        entry(),
        step('A', 'Start', 'clicked', days(1)),
        step('B', 'A', 'clicked', days(30)),
        step('R', 'Start', 'residue', days(1)),
      ]),
    ).toEqual([]);
  });
});

describe('checkJourney: waits', () => {
  it.each([
    ['hours 0', hours(0)],
    ['hours 721', hours(721)],
    ['hours 1.5', hours(1.5)],
    ['hours -1', hours(-1)],
    ['days 0', days(0)],
    ['days 31', days(31)],
    ['days 1.5', days(1.5)],
    ['at 24:00', at('24:00')],
    ['at 7:00', at('7:00')],
    ['at 07:60', at('07:60')],
    ['at empty', at('')],
    ['at 07:30:00', at('07:30:00')],
  ])('refuses %s', (_, wait) => {
    expect(faults(withWait(wait))).toEqual([{ step: 1, field: 'childMsgs.1.displayConditions.wait' }]);
  });

  it.each([
    ['hours 1', hours(1)],
    ['hours 720', hours(720)],
    ['days 1', days(1)],
    ['days 30', days(30)],
    ['at 00:00', at('00:00')],
    ['at 07:30', at('07:30')],
    ['at 23:59', at('23:59')],
  ])('takes %s', (_, wait) => {
    expect(checkJourney(withWait(wait))).toEqual([]);
  });
});

describe('checkJourney: the problems', () => {
  it('come sorted by step, whichever pass found them', () => {
    expect(
      faults([
        entry(),
        step('A', 'Start', 'clicked'),
        step('B', 'Start', 'clicked'), // found last: the same outcome twice
        step('C', 'A', 'clicked', hours(0)), // found second: the wait
        step('', 'A', 'notShown'), // found first: the tag
      ]),
    ).toEqual([
      { step: 2, field: 'childMsgs.2.displayConditions.outcome' },
      { step: 3, field: 'childMsgs.3.displayConditions.wait' },
      { step: 4, field: 'childMsgs.4.groupTag' },
    ]);
  });

  it('report every fault of a step', () => {
    expect(faults([entry(), step('A', 'Nowhere', 'clicked', days(0))])).toEqual([
      { step: 1, field: 'childMsgs.1.displayConditions.from' },
      { step: 1, field: 'childMsgs.1.displayConditions.wait' },
    ]);
  });
});

describe('waitMs', () => {
  it('counts hours and days exactly and `at` as one day', () => {
    expect(waitMs(hours(3))).toBe(3 * 3_600_000);
    expect(waitMs(days(2))).toBe(2 * 86_400_000);
    expect(waitMs(at('07:30'))).toBe(86_400_000);
  });
});

describe('waitEnd', () => {
  const from = new Date('2025-03-10T10:15:30.250Z');

  it('adds hours and days exactly, whatever the zone', () => {
    expect(waitEnd(hours(5), from).toISOString()).toBe('2025-03-10T15:15:30.250Z');
    expect(waitEnd(hours(720), from, '+0800').toISOString()).toBe('2025-04-09T10:15:30.250Z');
    expect(waitEnd(days(2), from, '-0530').toISOString()).toBe('2025-03-12T10:15:30.250Z');
  });

  it('ends an `at` wait at the next such wall time in UTC by default', () => {
    expect(waitEnd(at('12:00'), from).toISOString()).toBe('2025-03-10T12:00:00.000Z');
    expect(waitEnd(at('10:15'), from).toISOString()).toBe('2025-03-11T10:15:00.000Z');
  });

  describe('in +0800', () => {
    // 2025-03-10T00:00Z is 08:00 on 10 March in +0800
    const start = new Date('2025-03-10T00:00:00.000Z');
    it('the same day when the time is later', () => {
      expect(waitEnd(at('09:30'), start, '+0800').toISOString()).toBe('2025-03-10T01:30:00.000Z');
    });
    it('the next day when the time is now', () => {
      expect(waitEnd(at('08:00'), start, '+0800').toISOString()).toBe('2025-03-11T00:00:00.000Z');
    });
    it('the next day when the time is earlier', () => {
      expect(waitEnd(at('07:00'), start, '+0800').toISOString()).toBe('2025-03-10T23:00:00.000Z');
    });
    it('on the local date when it is already the next UTC day', () => {
      // 2025-03-10T20:00Z is 04:00 on 11 March in +0800
      const late = new Date('2025-03-10T20:00:00.000Z');
      expect(waitEnd(at('06:00'), late, '+0800').toISOString()).toBe('2025-03-10T22:00:00.000Z');
      expect(waitEnd(at('03:59'), late, '+0800').toISOString()).toBe('2025-03-11T19:59:00.000Z');
    });
  });

  describe('in -0530', () => {
    // 2025-03-10T03:00Z is 21:30 on 9 March in -0530
    const start = new Date('2025-03-10T03:00:00.000Z');
    it('the same day when the time is later', () => {
      expect(waitEnd(at('23:00'), start, '-0530').toISOString()).toBe('2025-03-10T04:30:00.000Z');
    });
    it('the next day when the time is now', () => {
      expect(waitEnd(at('21:30'), start, '-0530').toISOString()).toBe('2025-03-11T03:00:00.000Z');
    });
    it('the next day when the time is earlier', () => {
      expect(waitEnd(at('08:15'), start, '-0530').toISOString()).toBe('2025-03-10T13:45:00.000Z');
    });
    it('strictly after a start a millisecond past the time', () => {
      const past = new Date(start.getTime() + 1);
      expect(waitEnd(at('21:30'), past, '-0530').toISOString()).toBe('2025-03-11T03:00:00.000Z');
    });
  });

  it('always ends within (0, 24 h] of the start', () => {
    for (const zone of ['+0000', '+0800', '-0530', '+1400', '-1200'])
      for (const time of ['00:00', '07:30', '12:45', '23:59']) {
        const ms = waitEnd(at(time), from, zone).getTime() - from.getTime();
        expect(ms).toBeGreaterThan(0);
        expect(ms).toBeLessThanOrEqual(86_400_000);
        const localEnd = new Date(
          waitEnd(at(time), from, zone).getTime() +
            (zone.startsWith('-') ? -1 : 1) *
              (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(3))) *
              60_000,
        );
        expect(localEnd.toISOString().slice(11, 16)).toBe(time);
      }
  });
});

describe('checkJourney on hostile graphs (Hardening 6e)', () => {
  const chain = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      groupTag: `s${i}`,
      displayConditions:
        i === 0
          ? null
          : { from: `s${i - 1}`, outcome: 'clicked' as const, wait: { unit: 'hours' as const, value: 1 } },
    }));

  it('refuses a cycle naming the branch that closes it', () => {
    // s1 from s2 and s2 from s1: the later-listed source is what the rule refuses, so no cycle can be saved
    const steps = chain(3);
    steps[1]!.displayConditions = { from: 's2', outcome: 'clicked', wait: { unit: 'hours', value: 1 } };
    expect(checkJourney(steps)).toEqual([
      {
        step: 1,
        field: 'childMsgs.1.displayConditions.from',
        message: 'must be a step listed before this one (“s2” comes later)',
      },
    ]);
  });

  it('answers 10,000 steps (a chain, a fan of duplicates) in well under a second, without recursion', () => {
    const fan = [
      { groupTag: 'S', displayConditions: null },
      ...Array.from({ length: 9_999 }, (_, i) => ({
        groupTag: `f${i}`,
        displayConditions: {
          from: 'S',
          outcome: 'residue' as const,
          wait: { unit: 'hours' as const, value: 1 },
        },
      })),
    ];
    for (const steps of [chain(10_000), fan]) {
      const started = performance.now();
      const problems = checkJourney(steps);
      expect(performance.now() - started).toBeLessThan(1000);
      expect(problems[0]).toMatchObject({
        field: 'childMsgs',
        message: `must hold at most ${JOURNEY_LIMITS.stepsMax} steps`,
      });
    }
  });
});
