import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { TEST_SECRET } from './test/test-app';

const load = (env: Record<string, string> = {}) => loadConfig({ BEACON_SECRET_KEY: TEST_SECRET, ...env });

describe('loadConfig: delivery throughput, the job queue and the FCM client', () => {
  it('has the documented defaults (docs/operations.md)', () => {
    const config = load();
    expect(config.delivery).toEqual({
      pageSize: 1000,
      dispatchConcurrency: 4,
      window: 250,
      batchPages: 4,
      dispatchExpireSeconds: 60,
      receiptWindowSeconds: 120,
      jobMaintenanceSeconds: 30,
      journeySweepSeconds: 30,
      journeyFeedSeconds: 2,
      abWinnerSeconds: 30,
    });
    expect(config.fcm).toEqual({
      ratePerMinute: 600_000,
      sessions: 16,
      streamsPerSession: 100,
      h2BindFastPath: true,
    });
    expect(config.nodeEnv).toBeUndefined();
  });

  it('takes every variable, an empty one meaning its default', () => {
    const config = load({
      BEACON_PAGE_SIZE: '500',
      BEACON_DISPATCH_CONCURRENCY: '8',
      BEACON_DISPATCH_WINDOW: '',
      BEACON_BATCH_PAGES: '2',
      BEACON_DISPATCH_EXPIRE_SECONDS: '3',
      BEACON_RECEIPT_WINDOW_SECONDS: '5',
      BEACON_JOB_MAINTENANCE_SECONDS: '1',
      BEACON_JOURNEY_FEED_SECONDS: '5',
      BEACON_AB_WINNER_SECONDS: '7',
      FCM_RATE_PER_MIN: '570000',
      FCM_SESSIONS: '4',
      FCM_STREAMS_PER_SESSION: '50',
      FCM_H2_BIND_FAST_PATH: '0',
      NODE_ENV: 'production',
    });
    expect(config.delivery).toEqual({
      pageSize: 500,
      dispatchConcurrency: 8,
      window: 250,
      batchPages: 2,
      dispatchExpireSeconds: 3,
      receiptWindowSeconds: 5,
      jobMaintenanceSeconds: 1,
      journeySweepSeconds: 30,
      journeyFeedSeconds: 5,
      abWinnerSeconds: 7,
    });
    expect(config.fcm).toEqual({
      ratePerMinute: 570_000,
      sessions: 4,
      streamsPerSession: 50,
      h2BindFastPath: false,
    });
    expect(config.nodeEnv).toBe('production');
  });

  it.each([
    ['BEACON_PAGE_SIZE', '0'],
    ['BEACON_PAGE_SIZE', '10001'],
    ['BEACON_DISPATCH_CONCURRENCY', '2.5'],
    ['BEACON_DISPATCH_WINDOW', 'many'],
    ['BEACON_BATCH_PAGES', '-1'],
    ['BEACON_DISPATCH_EXPIRE_SECONDS', '0'],
    ['BEACON_DISPATCH_EXPIRE_SECONDS', '86400'],
    ['BEACON_JOB_MAINTENANCE_SECONDS', '0'],
    ['FCM_RATE_PER_MIN', '0'],
    ['FCM_SESSIONS', '0'],
    ['FCM_STREAMS_PER_SESSION', 'x'],
    ['FCM_H2_BIND_FAST_PATH', 'off'],
    ['AI_BASE_URL', 'localhost:11434'],
    ['AI_TIMEOUT_SECONDS', '0'],
    ['AI_TIMEOUT_SECONDS', '601'],
  ])('refuses %s=%s, naming the variable', (name, value) => {
    expect(() => load({ [name]: value })).toThrow(new RegExp(`invalid configuration:\\n  ${name}: `));
  });

  it('lists every bad variable at once', () => {
    expect(() => load({ FCM_SESSIONS: '0', BEACON_PAGE_SIZE: 'x' })).toThrow(
      /BEACON_PAGE_SIZE: [^\n]+\n {2}FCM_SESSIONS: /,
    );
  });
});

describe('loadConfig: event streams out (docs/event-streams.md)', () => {
  it('has the documented defaults', () => {
    expect(load().streams).toMatchObject({
      pollMs: 1000,
      backoffBaseMs: 2000,
      backoffMaxMs: 300_000,
      timeoutMs: 10_000,
      caFile: undefined,
    });
  });

  it('takes every variable, an empty one meaning its default', () => {
    expect(
      load({
        BEACON_STREAMS_POLL_MS: '100',
        BEACON_STREAMS_BACKOFF_BASE_MS: '',
        BEACON_STREAMS_BACKOFF_MAX_SECONDS: '1',
        BEACON_STREAMS_TIMEOUT_MS: '500',
        BEACON_STREAMS_CA_FILE: '/etc/ca.pem',
      }).streams,
    ).toMatchObject({
      pollMs: 100,
      backoffBaseMs: 2000,
      backoffMaxMs: 1000,
      timeoutMs: 500,
      caFile: '/etc/ca.pem',
    });
  });

  it.each([
    ['BEACON_STREAMS_TIMEOUT_MS', '99'],
    ['BEACON_STREAMS_TIMEOUT_MS', '120001'],
    ['BEACON_STREAMS_TIMEOUT_MS', '1.5'],
    ['BEACON_STREAMS_POLL_MS', '0'],
    ['BEACON_STREAMS_BACKOFF_MAX_SECONDS', 'x'],
  ])('refuses %s=%s, naming the variable', (name, value) => {
    expect(() => load({ [name]: value })).toThrow(new RegExp(`invalid configuration:\\n  ${name}: `));
  });
});

describe('loadConfig: the retention of send records (BEACON_RETENTION_DAYS)', () => {
  it('keeps them 90 days by default; 0 or off keeps them for ever', () => {
    expect(load().retentionDays).toBe(90);
    expect(load({ BEACON_RETENTION_DAYS: '' }).retentionDays).toBe(90);
    expect(load({ BEACON_RETENTION_DAYS: '30' }).retentionDays).toBe(30);
    expect(load({ BEACON_RETENTION_DAYS: '0' }).retentionDays).toBe(0);
    expect(load({ BEACON_RETENTION_DAYS: 'off' }).retentionDays).toBe(0);
    expect(load({ BEACON_RETENTION_DAYS: ' OFF ' }).retentionDays).toBe(0);
  });

  it.each(['-1', '1.5', 'forever', '36501'])('refuses BEACON_RETENTION_DAYS=%s, naming it', (value) => {
    expect(() => load({ BEACON_RETENTION_DAYS: value })).toThrow(
      /invalid configuration:\n {2}BEACON_RETENTION_DAYS: must /,
    );
  });
});

describe("loadConfig: the host's name in the System status (BEACON_HOST_NAME)", () => {
  it("is the machine's by default, else the one given", () => {
    expect(load().hostName).toBeUndefined();
    expect(load({ BEACON_HOST_NAME: '' }).hostName).toBeUndefined();
    expect(load({ BEACON_HOST_NAME: ' worker-2.eu ' }).hostName).toBe('worker-2.eu');
  });

  it.each(['two words', 'é', 'x'.repeat(101)])('refuses BEACON_HOST_NAME=%s, naming it', (value) => {
    expect(() => load({ BEACON_HOST_NAME: value })).toThrow(
      /invalid configuration:\n {2}BEACON_HOST_NAME: must /,
    );
  });
});

describe('loadConfig: the AI provider', () => {
  it('is off without AI_BASE_URL (empty or unset), whatever else is set', () => {
    expect(load().ai).toBeUndefined();
    expect(load({ AI_BASE_URL: '', AI_API_KEY: 'k', AI_MODEL: 'm' }).ai).toBeUndefined();
  });

  it('takes the base URL, key, model and timeout, with the documented defaults', () => {
    expect(load({ AI_BASE_URL: 'http://127.0.0.1:11434/v1/' }).ai).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: 'none',
      model: 'llama3.1',
      timeoutSeconds: 60,
    });
    expect(
      load({
        AI_BASE_URL: 'https://api.openai.com/v1',
        AI_API_KEY: 'sk-x',
        AI_MODEL: 'gpt-4o-mini',
        AI_TIMEOUT_SECONDS: '20',
      }).ai,
    ).toEqual({
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-x',
      model: 'gpt-4o-mini',
      timeoutSeconds: 20,
    });
  });
});

describe('loadConfig: where the device events go first (EVENTS_LOG, NATS_URL)', () => {
  it('records them directly by default; postgres: a log table; NATS_URL: JetStream, whatever EVENTS_LOG says', () => {
    expect(load().eventsLog).toBe('direct');
    expect(load({ EVENTS_LOG: '' }).eventsLog).toBe('direct');
    expect(load({ EVENTS_LOG: ' Postgres ' }).eventsLog).toBe('postgres');
    expect(load({ EVENTS_LOG: 'direct' }).eventsLog).toBe('direct');
    expect(load({ EVENTS_LOG: 'postgres', NATS_URL: 'nats://127.0.0.1:4222' }).eventsLog).toBe('nats');
  });

  it.each(['nats', 'kafka', '1'])('refuses EVENTS_LOG=%s, naming it', (value) => {
    expect(() => load({ EVENTS_LOG: value })).toThrow(
      /invalid configuration:\n {2}EVENTS_LOG: must be direct or postgres/,
    );
  });
});
