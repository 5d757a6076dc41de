import { describe, expect, it } from 'vitest';
import { MessageStatus } from '@beacon/shared';
import en from '../i18n/en.json';
import fr from '../i18n/fr.json';
import zh from '../i18n/zh.json';
import {
  KNOWN_STATUSES,
  LIST_REFRESH_MS,
  needsRefresh,
  refreshInterval,
  REFRESH_LINGER_MS,
  SENT_REFRESH_MS,
  showsDashes,
  statusLabelKey,
  statusTone,
  TONE_TAG_COLOR,
} from './message-status';

describe('message status colours and names', () => {
  it.each([
    [19, 'primary'],
    [18, 'warning'],
    [14, 'warning'],
    [91, 'warning'],
    [12, 'danger'],
    [6, 'danger'],
    [10, 'danger'],
    [5, 'danger'],
    [3, 'danger'],
    [99, 'danger'],
    [1, 'success'],
    [9, 'success'],
    [0, 'info'],
    [2, 'info'],
    [4, 'info'],
    [8, 'info'],
    [21, 'info'],
    [16, 'info'],
    [17, 'info'],
    [20, 'info'],
    [12345, 'info'],
  ])('status %i is %s', (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });

  it('maps tones to antd tag colours', () => {
    expect(TONE_TAG_COLOR[statusTone(3)]).toBe('error');
    expect(TONE_TAG_COLOR[statusTone(1)]).toBe('success');
    expect(TONE_TAG_COLOR[statusTone(0)]).toBe('default');
  });

  it('names every known status in en, zh and fr, and none for an unknown code', () => {
    for (const status of KNOWN_STATUSES) {
      const key = statusLabelKey(status);
      expect(key).toBe(`messages.status.${status}`);
      for (const dict of [en, zh, fr])
        expect((dict.messages.status as Record<string, string>)[String(status)]).toBeTruthy();
    }
    expect(en.messages.status['4']).toBe('Sending');
    expect(zh.messages.status['4']).toBe('发送中');
    expect(fr.messages.status['8']).toBe('Rappelé');
    expect(statusLabelKey(15)).toBeUndefined();
  });

  it('knows every status code of part 2 §4 (MessageStatus)', () => {
    expect([...KNOWN_STATUSES]).toEqual(Object.values(MessageStatus).sort((a, b) => a - b));
  });

  it('refreshes while a row sends (4, 21, 17) or waits to start now (0), and not otherwise', () => {
    expect(needsRefresh([1, 4])).toBe(true);
    expect(needsRefresh([21])).toBe(true);
    expect(needsRefresh([17, 3])).toBe(true);
    expect(needsRefresh([0])).toBe(true);
    expect(needsRefresh([1, 2, 3, 8, 9, 99])).toBe(false);
    expect(needsRefresh([])).toBe(false);
  });

  it('shows dashes for a message that has not started: scheduled, in review or audit, rejected, a journey step', () => {
    expect([2, 11, 12, 13, 18, 19, 20].every(showsDashes)).toBe(true);
    expect([0, 1, 3, 4, 5, 7, 8, 9, 16, 17, 21].map(showsDashes)).toEqual(Array(11).fill(false));
  });

  it('keeps refreshing a little after the last send (late counters), then stops', () => {
    const now = 1_000_000;
    expect(refreshInterval([4], Number.NEGATIVE_INFINITY, now)).toBe(LIST_REFRESH_MS);
    expect(refreshInterval([3], now - 1000, now)).toBe(LIST_REFRESH_MS);
    // sent, stopped, recalled: events still arrive, so the counters keep refreshing slowly
    expect(refreshInterval([3], now - REFRESH_LINGER_MS, now)).toBe(SENT_REFRESH_MS);
    expect(refreshInterval([1, 8], Number.NEGATIVE_INFINITY, now)).toBe(SENT_REFRESH_MS);
    // nothing went out (scheduled, cancelled before start is 3 too, invalid, deleted): no refresh
    expect(refreshInterval([2, 6, 14], Number.NEGATIVE_INFINITY, now)).toBe(false);
  });
});
