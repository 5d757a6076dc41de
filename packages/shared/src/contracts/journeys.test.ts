import { describe, expect, it } from 'vitest';
import { checkJourney, JourneySave, type JourneyStepInput } from './journeys';

/** A notification of the system design, as a message carries it. */
const notification = {
  noti_type: 1,
  noti_title: 'Welcome',
  noti_desc: 'Your first week with us',
  noti_small_icon: '/files/icon.png',
  noti_ex_type: 1,
  noti_open_type: 1,
  noti_open_content: 'app://home',
};

const entry = (groupTag = 'Start', over: Partial<JourneyStepInput> = {}): JourneyStepInput => ({
  groupTag,
  msgType: 1,
  data: notification,
  ...over,
});
const branch = (
  groupTag: string,
  from: string,
  outcome: 'clicked' | 'shownNotClicked' | 'notShown' | 'everyone' | 'residue',
  wait: NonNullable<JourneyStepInput['displayConditions']>['wait'] = { unit: 'hours', value: 24 },
): JourneyStepInput => entry(groupTag, { displayConditions: { from, outcome, wait } });

/** A journey to everyone (targetingType 0), sent now. */
const body = (childMsgs: unknown[]) => ({
  title: 'Onboarding',
  targetingType: 0,
  scheduleType: 1,
  childMsgs,
});

const clicked = branch('Clicked', 'Start', 'clicked', { unit: 'hours', value: 2 });
const notShown = branch('Not shown', 'Start', 'notShown', { unit: 'at', time: '07:30' });
const valid = [entry(), clicked, notShown];

describe('JourneySave', () => {
  it('parses a valid journey and fills the defaults of its steps', () => {
    const j = JourneySave.parse(body(valid));
    expect(j).toMatchObject({ title: 'Onboarding', targetingType: 0, conditions: [], scheduleUTC: '+0000' });
    expect(j.childMsgs).toHaveLength(3);
    for (const s of j.childMsgs)
      expect(s).toMatchObject({ title: '', conditions: [], multiLangEnable: false, multiLangContent: [] });
    expect(j.childMsgs[0]?.displayConditions).toBeNull();
    expect(j.childMsgs[1]?.displayConditions).toEqual({
      from: 'Start',
      outcome: 'clicked',
      wait: { unit: 'hours', value: 2 },
    });
    expect(j.childMsgs[2]).toMatchObject({ groupTag: 'Not shown', msgType: 1, data: notification });
  });

  it('takes a cross message (msgType 2) as a step', () => {
    expect(JourneySave.safeParse(body([entry(), { ...clicked, msgType: 2 }])).success).toBe(true);
  });

  it.each([0, 3, 9, '1'])('refuses a step of msgType %j', (msgType) => {
    const r = JourneySave.safeParse(body([entry(), { ...clicked, msgType }]));
    expect(r.error?.issues.map((i) => i.path)).toEqual([['childMsgs', 1, 'msgType']]);
  });

  it.each([
    [
      'an orphan branch',
      [...valid, branch('Lost', 'Nowhere', 'clicked')],
      ['childMsgs', 3, 'displayConditions', 'from'],
    ],
    [
      'a repeated tag',
      [entry(), clicked, branch('Clicked', 'Start', 'notShown')],
      ['childMsgs', 2, 'groupTag'],
    ],
    [
      'conditions on the entry',
      [entry('Start', { conditions: [{ label: 'country', op: 'in', values: ['NG'] }] }), clicked],
      ['childMsgs', 0, 'conditions'],
    ],
    ['two entries', [entry(), entry('Second')], ['childMsgs', 1, 'displayConditions']],
    [
      'a branch from a later step',
      [entry(), branch('A', 'B', 'clicked'), branch('B', 'A', 'clicked')],
      ['childMsgs', 1, 'displayConditions', 'from'],
    ],
    [
      'two clicked branches of one source',
      [...valid, branch('Again', 'Start', 'clicked')],
      ['childMsgs', 3, 'displayConditions', 'outcome'],
    ],
    [
      'a short residue',
      [entry(), clicked, branch('Rest', 'Start', 'residue', { unit: 'hours', value: 1 })],
      ['childMsgs', 2, 'displayConditions', 'wait'],
    ],
    [
      'a wait out of range',
      [entry(), branch('A', 'Start', 'clicked', { unit: 'days', value: 31 })],
      ['childMsgs', 1, 'displayConditions', 'wait'],
    ],
    [
      'an invalid time',
      [entry(), branch('A', 'Start', 'clicked', { unit: 'at', time: '07:60' })],
      ['childMsgs', 1, 'displayConditions', 'wait'],
    ],
  ] as const)('refuses %s where checkJourney names it', (_, steps, path) => {
    const r = JourneySave.safeParse(body([...steps]));
    expect(r.success).toBe(false);
    const issues = r.error?.issues ?? [];
    expect(issues.map((i) => i.path)).toEqual([path]);
    // the same field and message as the pure rule over the parsed steps
    const problems = checkJourney(
      steps.map((s) => ({ ...s, displayConditions: s.displayConditions ?? null })),
    );
    expect(problems.map((p) => p.field)).toEqual([path.join('.')]);
    expect(issues[0]?.message).toBe(problems[0]?.message);
  });

  it('refuses an empty list of steps on childMsgs', () => {
    const issues = JourneySave.safeParse(body([])).error?.issues ?? [];
    expect(issues.length).toBeGreaterThan(0);
    for (const i of issues) {
      expect(i.path).toEqual(['childMsgs']);
      expect(i.message).toBe('must hold at least one step');
    }
  });

  it('refuses more than 20 steps on childMsgs', () => {
    const steps = Array.from({ length: 21 }, (_, i) =>
      i === 0 ? entry('S0') : branch(`S${i}`, `S${i - 1}`, 'clicked'),
    );
    const issues = JourneySave.safeParse(body(steps)).error?.issues ?? [];
    expect(issues.map((i) => i.path)).toEqual([['childMsgs']]);
  });

  it('refuses a whole-hours wait that is not whole before the graph rule', () => {
    const r = JourneySave.safeParse(
      body([entry(), branch('A', 'Start', 'clicked', { unit: 'hours', value: 1.5 })]),
    );
    expect(r.error?.issues.map((i) => i.path)).toEqual([
      ['childMsgs', 1, 'displayConditions', 'wait', 'value'],
    ]);
  });

  it('compares trimmed tags: a branch from " Start " is from Start', () => {
    const j = JourneySave.parse(body([entry(' Start '), branch('A', ' Start ', 'clicked')]));
    expect(j.childMsgs.map((s) => s.groupTag)).toEqual(['Start', 'A']);
    expect(j.childMsgs[1]?.displayConditions?.from).toBe('Start');
  });
});
