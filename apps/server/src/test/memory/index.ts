import { MessageSave, ProjectLevel, type MessageLang } from '@beacon/shared';
import { AbTestsService } from '../../modules/ab-tests';
import type { AppRecord } from '../../modules/apps';
import { JourneysService } from '../../modules/journeys';
import { MessageActionsService, MessagesService, type OneMessage } from '../../modules/messages';
import { ReviewsService } from '../../modules/reviews';
import { MemoryAbTestsRepository } from './ab-tests';
import { MemoryEngine, MemoryEngineRepository } from './engine';
import { MemoryJourneysRepository } from './journeys';
import { MemoryMessagesRepository, MemoryMessageWriter } from './messages';
import { MemoryReviewsRepository } from './reviews';
import { MemoryStore } from './store';

export { MemoryAbTestsRepository } from './ab-tests';
export { MemoryEngine, MemoryEngineRepository } from './engine';
export { MemoryJourneysRepository } from './journeys';
export { MemoryMessagesRepository, MemoryMessageWriter } from './messages';
export { MemoryReviewsRepository } from './reviews';
export { abBucket, MemoryStore, type MemoryMessageRow } from './store';

/** A clock a test moves: `now()` for the services and the store, `set` and `advance` to move it. */
export function testClock(start = new Date('2026-03-02T09:00:00Z')) {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    set: (d: Date) => void (at = d.getTime()),
    advance: (ms: number) => void (at += ms),
  };
}

/** An app as apps.findById returns it: the schema's defaults, `over` on top. */
export function appRecord(over: Partial<AppRecord> = {}): AppRecord {
  const at = new Date('2026-01-01T00:00:00Z');
  return {
    id: 1,
    title: 'Fast Shop',
    pkg: 'com.example.fast',
    description: '',
    logo: '',
    ownerId: 1,
    appKey: 'fast-key',
    appSecretEnc: '',
    firebaseJsonEnc: null,
    firebaseProjectId: 'fast-project',
    firebaseClientEmail: '',
    firebaseJsonName: '',
    reviewEnable: false,
    materialReviewEnable: false,
    advanceTarget: false,
    limitEnable: false,
    limitCount: 0,
    fcmQuotaPerMin: 600_000,
    windowCaps: { notification: [], cross: [] },
    pushRecovery: { enabled: false, maxAgeHours: 12, maxCount: 3 },
    controlGroup: { share: 0, exceptTransactional: true },
    wifiReportTime: 6,
    mobileReportTime: 2,
    uploadFileLimit: 30,
    multiLangEnable: false,
    localTimeEnable: false,
    newDeviceProtection: false,
    staleDays: 0,
    displayPriorityEnable: false,
    linksEnable: true,
    commercialEnable: false,
    destroy: 0,
    notiSmallIcon: '',
    notiSmallIconColor: '',
    lastActiveAt: null,
    createdAt: at,
    updatedAt: at,
    ...over,
  };
}

/** What the services told others: reviewers' mail of a message waiting (onReview), authors' mail of a decision. */
export interface Told {
  pending: Array<{ appId: number; id: number; msgType: number; title: string; author: string }>;
  decided: Array<{
    kind: 'passed' | 'rejected';
    id: number;
    author: string;
    reviewer: string;
    reason?: string;
  }>;
  estimates: Array<{ journeyId: number; appId: number; rev: number }>;
}

/**
 * The messages, A/B test, journey and review services wired as their modules wire them (modules/<m>/<m>.module.ts),
 * over one in-memory store instead of the database: the fast tier's set-up (docs/architecture.md, Tests).
 */
export function memoryServices(o: { now?: () => Date } = {}) {
  const now = o.now ?? (() => new Date());
  const store = new MemoryStore(now);
  const repo = new MemoryMessagesRepository(store);
  const writer = new MemoryMessageWriter(store);
  const engineRepo = new MemoryEngineRepository(store);
  const engine = new MemoryEngine();
  const told: Told = { pending: [], decided: [], estimates: [] };
  const messages = new MessagesService({
    repo,
    writer,
    engineRepo,
    engine: async () => engine,
    now,
    onReview: (app, m, author) => told.pending.push({ appId: app.id, ...m, author: author.email }),
  });
  const actions = new MessageActionsService({ repo, writer, engineRepo, engine: async () => engine, now });
  const abTests = new AbTestsService({ repo: new MemoryAbTestsRepository(store), messages, actions, writer });
  const journeys = new JourneysService({
    repo: new MemoryJourneysRepository(store),
    messages,
    messagesRepo: repo,
    writer,
    actions,
    now,
    jobs: {
      estimate: async (journeyId, appId, rev) => void told.estimates.push({ journeyId, appId, rev }),
      step: async () => undefined,
    },
  });
  const reviews = new ReviewsService({
    repo: new MemoryReviewsRepository(store),
    messages,
    now,
    notices: {
      passed: async (s, author: string, reviewer: string, _lang: MessageLang) =>
        void told.decided.push({ kind: 'passed', id: s.id, author, reviewer }),
      rejected: async (s, author: string, reviewer: string, reason: string, _lang: MessageLang) =>
        void told.decided.push({ kind: 'rejected', id: s.id, author, reviewer, reason }),
    },
  });
  return { store, repo, writer, engineRepo, engine, told, messages, actions, abTests, journeys, reviews };
}

/** Who saves: an operator (400, reviewed where the app reviews), a manager (300, never), a tester (500). */
export const ACTORS = {
  manager: { id: 3, email: 'manager@example.com', projectLevel: ProjectLevel.MANAGER },
  operator: { id: 4, email: 'operator@example.com', projectLevel: ProjectLevel.OPERATOR },
  tester: { id: 5, email: 'tester@example.com', projectLevel: ProjectLevel.TESTER },
} as const;

/** A valid notification's `data` (test/messaging.ts NOTIFICATION; not imported: that file loads the whole test app). */
export const NOTIFICATION = {
  noti_type: 1,
  noti_title: 'Flash sale',
  noti_desc: 'Everything 50% off today',
  noti_small_icon: '/files/icon.png',
  noti_ex_type: 1,
  noti_open_type: 1,
  noti_open_content: 'shop://home',
} as const;

/** A msg/save body as the route parses it (its defaults filled): a notification to every device, sent now. */
export function notification(over: Record<string, unknown> = {}): OneMessage {
  return MessageSave.parse({
    msgType: 1,
    data: { ...NOTIFICATION },
    title: 'Flash sale',
    targetingType: 0,
    pushCount: 1,
    scheduleType: 1,
    ...over,
  });
}
