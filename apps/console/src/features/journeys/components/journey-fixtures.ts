// Tests only: a journey as the list and the detail answer it.
import { type JourneyDetail, type JourneyRow, type JourneyStepRow } from '@beacon/shared';

export const stepRow = (groupTag: string, fields: Partial<JourneyStepRow> = {}): JourneyStepRow => ({
  msgId: 0,
  groupTag,
  title: '',
  msgType: 1,
  status: 18,
  data: {
    noti_type: 1,
    noti_small_icon: '/files/icon.png',
    noti_title: `${groupTag} title`,
    noti_desc: 'Text',
    noti_open_type: 1,
    noti_open_content: 'x',
  },
  multiLangEnable: false,
  multiLangContent: [],
  conditions: [],
  displayConditions: null,
  position: null,
  estimate: null,
  entered: null,
  dueAt: null,
  pushCount: 0,
  targetCount: 0,
  dispatchCount: 0,
  arriveAll: 0,
  show: 0,
  click: 0,
  ...fields,
});

export const journeyRow = (fields: Partial<JourneyRow> = {}): JourneyRow => ({
  id: 5,
  msgId: 5,
  title: 'Onboarding',
  ownerEmail: 'o@example.com',
  status: 18,
  createTime: '2030-01-01T00:00:00Z',
  scheduleType: 1,
  scheduleDate: null,
  scheduleUTC: '+0000',
  targetingType: 0,
  pushResidueUser: false,
  pushCount: 0,
  targetCount: 12_345,
  error: '',
  childMsgs: [
    stepRow('welcome', { msgId: 51, estimate: 12_345 }),
    stepRow('thanks', {
      msgId: 52,
      estimate: 321,
      displayConditions: { from: 'welcome', outcome: 'clicked', wait: { unit: 'days', value: 2 } },
    }),
  ],
  ...fields,
});

export const journeyDetail = (fields: Partial<JourneyDetail> = {}): JourneyDetail => ({
  ...journeyRow(),
  conditions: [],
  groupId: null,
  userIds: [],
  fileOrigin: '',
  fileLink: '',
  timeToLive: 7200,
  speedLimit: 0,
  msgRestrictType: 1,
  msgDisplayPrior: null,
  rejectReason: '',
  ...fields,
});
