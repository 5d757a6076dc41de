import { describe, expect, it } from 'vitest';
import { MessageSave, type MessageDetail } from '@beacon/shared';
import { estimateTargeting } from '../components/use-audience-estimate';
import { buildMessageSave, type ComposeContext } from './build-payload';
import { composeFromDetail, emptyCompose, type ComposeValues } from './compose-values';
import { fieldOfPath, validateCompose } from './validate-compose';

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);
const ORIGIN = '5b1f2f5e-8c1a-4e7e-9d55-0d0c8f3e2a11';
const LINK = 'https://files.example.com/gaid.txt';
const app: ComposeContext['app'] = {
  linksEnable: true,
  localTimeEnable: true,
  displayPriorityEnable: false,
  multiLangEnable: false,
  serverUTC: '+0000',
  projectLevel: 200,
  advanceTarget: false,
};
const ctx = (over: Partial<ComposeContext['app']> = {}): ComposeContext => ({
  app: { ...app, ...over },
  estimate: 50,
  now: NOW,
});
const valid = (over: Partial<ComposeValues> = {}): ComposeValues => ({
  ...emptyCompose('+0000'),
  description: 'Buyers',
  title: 'Half price',
  desc: 'Today only',
  smallIcon: '/files/a.png',
  openContent: 'shop://sale',
  pushCount: 50,
  ...over,
});
const keysAt = (v: ComposeValues, c = ctx()) =>
  Object.fromEntries(validateCompose(v, c).map((i) => [i.name.join('.'), i.key]));

describe('file targeting in the compose form', () => {
  it('sends the uploaded list (6) or the checked link and its list (7), nothing of the other types', () => {
    const six = MessageSave.parse(
      buildMessageSave(
        valid({
          targetingType: 6,
          fileList: { origin: ORIGIN, count: 50 },
          fileLink: LINK,
          userIdsText: 'x',
        }),
        ctx(),
      ),
    );
    expect(six).toMatchObject({ targetingType: 6, fileOrigin: ORIGIN, fileLink: '', userIds: [] });
    const seven = buildMessageSave(
      valid({
        targetingType: 7,
        fileLink: ` ${LINK} `,
        linkList: { origin: ORIGIN, link: LINK },
        fileList: { origin: 'other' },
      }),
      ctx(),
    );
    expect(seven).toMatchObject({ targetingType: 7, fileOrigin: ORIGIN, fileLink: LINK });
    const edited = buildMessageSave(
      valid({ targetingType: 7, fileLink: `${LINK}?v=2`, linkList: { origin: ORIGIN, link: LINK } }),
      ctx(),
    );
    expect(edited).toMatchObject({ fileOrigin: '', fileLink: `${LINK}?v=2` });
  });

  it('requires a file for 6 and a checked http(s) link for 7, and lets testers use both', () => {
    expect(keysAt(valid({ targetingType: 6 }))).toEqual({ fileList: 'fileRequired' });
    expect(keysAt(valid({ targetingType: 6, fileList: { origin: ORIGIN } }))).toEqual({});
    expect(keysAt(valid({ targetingType: 7 }))).toEqual({ fileLink: 'linkRequired' });
    expect(keysAt(valid({ targetingType: 7, fileLink: 'ftp://x/y.txt' }))).toEqual({
      fileLink: 'linkInvalid',
    });
    expect(keysAt(valid({ targetingType: 7, fileLink: LINK }))).toEqual({ fileLink: 'linkUnchecked' });
    expect(
      keysAt(valid({ targetingType: 7, fileLink: LINK, linkList: { origin: ORIGIN, link: LINK } })),
    ).toEqual({});
    expect(
      keysAt(valid({ targetingType: 6, fileList: { origin: ORIGIN } }), ctx({ projectLevel: 500 })),
    ).toEqual({});
    expect(
      keysAt(
        valid({
          targetingType: 6,
          fileList: { origin: ORIGIN },
          scheduleType: 3,
          scheduleDate: '2025-06-02 10:00:00',
        }),
      ),
    ).toMatchObject({ scheduleType: 'localWithFile' });
  });

  it('estimates only a complete file targeting', () => {
    expect(estimateTargeting(valid({ targetingType: 6 }))).toBeUndefined();
    expect(estimateTargeting(valid({ targetingType: 6, fileList: { origin: ORIGIN } }))).toMatchObject({
      targetingType: 6,
      fileOrigin: ORIGIN,
    });
    expect(estimateTargeting(valid({ targetingType: 7, fileLink: LINK }))).toBeUndefined();
    expect(
      estimateTargeting(
        valid({ targetingType: 7, fileLink: LINK, linkList: { origin: ORIGIN, link: LINK } }),
      ),
    ).toMatchObject({ targetingType: 7, fileOrigin: ORIGIN, fileLink: LINK });
  });

  it('puts the server’s fileOrigin and fileLink errors at the field of the chosen type, and reloads a saved message', () => {
    expect(fieldOfPath(['fileOrigin'], valid({ targetingType: 6 }))).toEqual(['fileList']);
    expect(fieldOfPath(['fileOrigin'], valid({ targetingType: 7 }))).toEqual(['fileLink']);
    expect(fieldOfPath(['fileLink'], valid({ targetingType: 7 }))).toEqual(['fileLink']);
    const detail = {
      targetingType: 7,
      fileOrigin: ORIGIN,
      fileLink: LINK,
      data: {},
      multiLangContent: [],
      conditions: [],
      userIds: [],
      groupId: null,
      scheduleType: 1,
      scheduleDate: null,
      scheduleUTC: '+0000',
      timeToLive: 43200,
      speedLimit: 0,
      msgDisplayPrior: null,
      msgRestrictType: 1,
      multiLangEnable: false,
      title: 'x',
      pushCount: 3,
    } as unknown as MessageDetail;
    const v = composeFromDetail(detail, 'edit', '+0000');
    expect(v).toMatchObject({
      targetingType: 7,
      fileLink: LINK,
      linkList: { origin: ORIGIN, link: LINK },
      fileList: undefined,
    });
    expect(estimateTargeting(v)).toMatchObject({ targetingType: 7, fileOrigin: ORIGIN });
    expect(
      composeFromDetail({ ...detail, targetingType: 6, fileLink: '' }, 'copy', '+0000').fileList,
    ).toEqual({ origin: ORIGIN });
  });
});
