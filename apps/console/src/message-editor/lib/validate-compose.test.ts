import { describe, expect, it } from 'vitest';
import { MessageSave, NotificationData } from '@beacon/shared';
import { buildMessageSave, type ComposeContext } from './build-payload';
import { emptyCompose, type ComposeValues } from './compose-values';
import { validateCompose } from './validate-compose';

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);
const GAID = '38400000-8cf0-11bd-b23e-10b96e40000d';
const app: ComposeContext['app'] = {
  linksEnable: true,
  localTimeEnable: true,
  displayPriorityEnable: false,
  multiLangEnable: true,
  serverUTC: '+0800',
  projectLevel: 200,
  advanceTarget: false,
};
const ctx = (over: Partial<ComposeContext> = {}): ComposeContext => ({
  app,
  estimate: 5000,
  now: NOW,
  ...over,
});

function valid(over: Partial<ComposeValues> = {}): ComposeValues {
  return {
    ...emptyCompose('+0800'),
    description: 'Spring sale',
    title: 'Half price',
    desc: 'Today only',
    smallIcon: '/files/a.png',
    openContent: 'shop://sale',
    pushCount: 4000,
    ...over,
  };
}
const keysAt = (v: ComposeValues, c = ctx()) =>
  Object.fromEntries(validateCompose(v, c).map((i) => [i.name.join('.'), i.key]));

describe('buildMessageSave', () => {
  it('makes a payload the shared MessageSave and NotificationData schemas accept', () => {
    const payload = buildMessageSave(
      valid({
        smallIconColor: '#1a73e8',
        buttons: [{ type: 2, txt: 'Shop now', content: 'https://example.com/x' }],
      }),
      ctx(),
    );
    const parsed = MessageSave.parse(payload);
    expect(parsed).toMatchObject({
      msgType: 1,
      title: 'Spring sale',
      targetingType: 0,
      pushCount: 4000,
      targetCount: 5000,
      scheduleType: 1,
      scheduleUTC: '+0800',
      timeToLive: 43200,
      speedLimit: 0,
      multiLangEnable: false,
    });
    expect(parsed.scheduleDate).toBeUndefined();
    expect(NotificationData.parse(parsed.data)).toMatchObject({
      noti_type: 1,
      noti_small_icon_color: '#1A73E8',
      noti_icon: '',
      noti_btn_ex: { content: [{ type: 2, txt: 'Shop now', content: 'https://example.com/x' }] },
    });
  });

  it('sends only the chosen design, targeting and schedule data', () => {
    const v = valid({
      design: 3,
      icon: '/files/i.png',
      button: 'Open',
      smallIcon: '/files/a.png',
      targetingType: 2,
      userIdsText: `\n ${GAID} \n\n`,
      conditions: [{ label: 'country', op: 'in', values: ['NG'] }],
      groupId: 4,
      scheduleType: 3,
      scheduleDate: '2025-06-02 09:00:00',
      scheduleUTC: '+0100',
      ttlHours: 2,
      slowPush: true,
      speedLimit: 2000,
    });
    const p = MessageSave.parse(buildMessageSave(v, ctx({ id: 9 })));
    expect(p).toMatchObject({
      id: 9,
      targetingType: 2,
      userIds: [GAID],
      conditions: [],
      scheduleType: 3,
      scheduleDate: '2025-06-02 09:00:00',
      scheduleUTC: '+0000',
      timeToLive: 7200,
      speedLimit: 2000,
    });
    expect(p.groupId).toBeUndefined();
    expect(p.data).toMatchObject({
      noti_type: 3,
      noti_icon: '/files/i.png',
      noti_btn: 'Open',
      noti_small_icon: '',
    });
  });

  it('adds per-language entries with the fields of the design, and priority only when enabled', () => {
    const v = valid({
      multiLang: true,
      languages: ['fr', 'pt_BR'],
      exType: 2,
      exText: 'More',
      buttons: [{ type: 1, txt: 'Go', content: 'shop://go' }],
      langContent: {
        fr: { title: 'Moitié prix', desc: 'Aujourd’hui', extra: 'Plus', button: 'x', buttonExtra: ['Aller'] },
        pt_BR: { title: 'Metade', desc: 'Hoje', buttonExtra: ['Ir'] },
      },
      priority: 7.8,
    });
    const p = MessageSave.parse(buildMessageSave(v, ctx({ app: { ...app, displayPriorityEnable: true } })));
    expect(p.multiLangContent).toEqual([
      {
        lang: 'fr',
        title: 'Moitié prix',
        desc: 'Aujourd’hui',
        extra: 'Plus',
        button: '',
        buttonExtra: ['Aller'],
      },
      { lang: 'pt_BR', title: 'Metade', desc: 'Hoje', extra: '', button: '', buttonExtra: ['Ir'] },
    ]);
    expect(p.msgDisplayPrior).toBe(7);
    expect(buildMessageSave(v, ctx({ app: { ...app, multiLangEnable: false } })).multiLangContent).toEqual(
      [],
    );
  });
});

describe('validateCompose', () => {
  it('accepts a complete form', () => {
    expect(validateCompose(valid(), ctx())).toEqual([]);
  });

  it('names each content field that is wrong', () => {
    expect(
      keysAt(valid({ description: '', title: ' ', desc: 'x'.repeat(101), smallIcon: '', openContent: '' })),
    ).toMatchObject({
      description: 'required',
      title: 'required',
      desc: 'tooLong',
      smallIcon: 'required',
      openContent: 'required',
    });
    expect(keysAt(valid({ design: 3, button: 'x'.repeat(21) }))).toMatchObject({
      icon: 'required',
      button: 'tooLong',
    });
    expect(keysAt(valid({ exType: 2 }))).toMatchObject({ exText: 'required' });
    expect(keysAt(valid({ exType: 3 }))).toMatchObject({ exImage: 'required' });
    expect(keysAt(valid({ smallIconColor: '#12345' }))).toMatchObject({ smallIconColor: 'color' });
    expect(keysAt(valid({ openType: 2, openContent: 'shop://x' }))).toMatchObject({
      openContent: 'mustHttp',
    });
    expect(keysAt(valid({ openType: 1, openContent: 'https://x.com' }))).toMatchObject({
      openContent: 'notHttp',
    });
    expect(keysAt(valid({ openContent: 'shop://a b' }))).toMatchObject({ openContent: 'noSpace' });
    expect(validateCompose(valid({ title: 'Half\u0000price', desc: 'Today\u202Eonly' }), ctx())).toEqual([
      { name: ['title'], key: 'invalid', params: { message: 'must not contain control characters' } },
      {
        name: ['desc'],
        key: 'invalid',
        params: { message: 'must not contain text-direction override characters' },
      },
    ]);
    expect(keysAt(valid({ desc: 'Today only\nwhile stocks last' }))).toEqual({});
    expect(
      keysAt(
        valid({ openType: 2, openContent: 'https://x.com' }),
        ctx({ app: { ...app, linksEnable: false } }),
      ),
    ).toMatchObject({ openType: 'linksDisabled' });
  });

  it('checks every extra button by its type', () => {
    const buttons = [
      { type: 1 as const, txt: '', content: 'https://x.com' },
      { type: 2 as const, txt: 'x'.repeat(21), content: 'shop://x' },
      { type: 1 as const, txt: 'Ok', content: 'a b' },
    ];
    expect(keysAt(valid({ buttons }))).toMatchObject({
      'buttons.0.txt': 'required',
      'buttons.0.content': 'notHttp',
      'buttons.1.txt': 'tooLong',
      'buttons.1.content': 'mustHttp',
      'buttons.2.content': 'noSpace',
    });
  });

  it('requires the targeting data of the chosen type and enforces roles', () => {
    expect(keysAt(valid({ targetingType: 1 }))).toMatchObject({ conditions: 'conditionsRequired' });
    expect(
      keysAt(valid({ targetingType: 1, conditions: [{ label: 'country', op: 'in', values: ['NG'] }] })),
    ).not.toHaveProperty('conditions');
    expect(keysAt(valid({ targetingType: 2 }))).toMatchObject({ userIdsText: 'userIdsRequired' });
    expect(keysAt(valid({ targetingType: 2, userIdsText: `${GAID}\nnot-a-gaid` }))).toMatchObject({
      userIdsText: 'gaidLine',
    });
    expect(
      validateCompose(valid({ targetingType: 2, userIdsText: `${GAID}\nnope` }), ctx())[0]?.params,
    ).toEqual({ line: 2 });
    expect(keysAt(valid({ targetingType: 2, userIdsText: Array(31).fill(GAID).join('\n') }))).toMatchObject({
      userIdsText: 'userIdsTooMany',
    });
    expect(keysAt(valid({ targetingType: 3 }))).toMatchObject({ groupId: 'groupRequired' });
    expect(keysAt(valid(), ctx({ app: { ...app, projectLevel: 500 } }))).toMatchObject({
      targetingType: 'testerTargeting',
    });
    expect(
      keysAt(valid({ targetingType: 2, userIdsText: GAID }), ctx({ app: { ...app, projectLevel: 500 } })),
    ).toEqual({});
  });

  it('checks the expected count against the estimate', () => {
    expect(keysAt(valid({ pushCount: null }))).toMatchObject({ pushCount: 'required' });
    expect(keysAt(valid({ pushCount: 0 }))).toMatchObject({ pushCount: 'positive' });
    expect(keysAt(valid({ pushCount: 5001 }))).toMatchObject({ pushCount: 'overEstimate' });
    expect(keysAt(valid({ pushCount: 5000 }))).toEqual({});
  });

  it('checks schedule, time to live, speed, priority and languages', () => {
    expect(keysAt(valid({ scheduleType: 2 }))).toMatchObject({ scheduleDate: 'scheduleRequired' });
    // 12:04 UTC is 20:04 at +0800: only 4 minutes ahead
    expect(
      keysAt(valid({ scheduleType: 2, scheduleDate: '2025-06-01 20:04:00', scheduleUTC: '+0800' })),
    ).toMatchObject({ scheduleDate: 'scheduleTooSoon' });
    expect(
      keysAt(valid({ scheduleType: 2, scheduleDate: '2025-06-01 20:06:00', scheduleUTC: '+0800' })),
    ).toEqual({});
    expect(keysAt(valid({ scheduleType: 3, scheduleDate: '2025-05-31 23:00:00' }))).toMatchObject({
      scheduleDate: 'localPast',
    });
    expect(keysAt(valid({ scheduleType: 3, scheduleDate: '2025-06-01 01:00:00' }))).toEqual({});
    expect(
      keysAt(
        valid({ scheduleType: 3, scheduleDate: '2025-06-02 01:00:00' }),
        ctx({ app: { ...app, localTimeEnable: false } }),
      ),
    ).toMatchObject({ scheduleType: 'localDisabled' });
    expect(keysAt(valid({ ttlHours: 13 }))).toMatchObject({ ttlHours: 'ttlRange' });
    expect(keysAt(valid({ ttlHours: 0 }))).toMatchObject({ ttlHours: 'ttlRange' });
    // the shares by the contract's rules: named at their field, not clamped by the input
    expect(keysAt(valid({ holdoutShare: 51 }))).toMatchObject({ holdoutShare: 'shareRange' });
    expect(keysAt(valid({ holdoutShare: -1 }))).toMatchObject({ holdoutShare: 'shareRange' });
    expect(keysAt(valid({ holdoutShare: 50 }))).toEqual({});
    expect(keysAt(valid({ scheduleType: 4, controlShare: 51 }))).toMatchObject({
      controlShare: 'shareRange',
    });
    expect(keysAt(valid({ scheduleType: 4, controlShare: 50 }))).not.toHaveProperty('controlShare');
    expect(keysAt(valid({ scheduleType: 1, controlShare: 51 }))).toEqual({});
    expect(keysAt(valid({ slowPush: true, speedLimit: 999 }))).toMatchObject({ speedLimit: 'speedRange' });
    expect(keysAt(valid({ slowPush: true, speedLimit: 10001 }))).toMatchObject({ speedLimit: 'speedRange' });
    expect(keysAt(valid({ slowPush: false, speedLimit: 5 }))).toEqual({});
    expect(keysAt(valid(), ctx({ app: { ...app, displayPriorityEnable: true } }))).toMatchObject({
      priority: 'required',
    });
    expect(keysAt(valid({ multiLang: true }))).toMatchObject({ languages: 'languagesRequired' });
    expect(
      keysAt(
        valid({
          multiLang: true,
          languages: ['fr'],
          buttons: [{ type: 1, txt: 'Go', content: 'shop://go' }],
        }),
      ),
    ).toMatchObject({
      'langContent.fr.title': 'required',
      'langContent.fr.desc': 'required',
      'langContent.fr.buttonExtra.0': 'required',
    });
    // more languages than a message may hold (80): the languages field says so. The shared rule reports only the
    // list's size then, not each language's empty fields; it was dropped, and the form showed no error at all
    const many = Array.from({ length: 81 }, (_, i) => `l${i}`);
    const langContent = Object.fromEntries(many.map((l) => [l, { title: 'T', desc: 'D' }]));
    const issues = validateCompose(valid({ multiLang: true, languages: many, langContent }), ctx());
    expect(issues).toEqual([{ name: ['languages'], key: 'tooMany', params: { max: 80 } }]);
  });

  it('lists issues in screen order, one per field', () => {
    const issues = validateCompose(
      valid({ description: '', title: '', pushCount: null, scheduleType: 2 }),
      ctx(),
    );
    expect(issues.map((i) => i.name[0])).toEqual(['description', 'title', 'pushCount', 'scheduleDate']);
  });
});
