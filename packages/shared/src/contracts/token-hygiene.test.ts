import { describe, expect, it } from 'vitest';
import { localizeIssueMessage } from '../validation-messages';
import { LOSS_CODES } from '../status';
import {
  FCM_TOKEN_EXPIRY_DAYS,
  isStale,
  STALE_TOKEN_LOSS,
  staleCutoffs,
  TokenHygiene,
} from './token-hygiene';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 1);

describe('token hygiene', () => {
  it('takes 0 (off) or 30–270 days, digits too; names the field otherwise', () => {
    expect(TokenHygiene.parse({ staleDays: '45' })).toEqual({ staleDays: 45 });
    for (const ok of [0, 30, 270]) expect(TokenHygiene.safeParse({ staleDays: ok }).success).toBe(true);
    for (const bad of [1, 29, 271, -1, 30.5, 'x', null]) {
      const r = TokenHygiene.safeParse({ staleDays: bad });
      expect(r.success, String(bad)).toBe(false);
      expect(r.error?.issues[0]?.path).toEqual(['staleDays']);
    }
    const msg = 'must be 0 (off) or 30–270 days';
    expect(TokenHygiene.safeParse({ staleDays: 10 }).error?.issues[0]?.message).toBe(msg);
    expect(localizeIssueMessage(msg, undefined, 'fr')).toBe('doit valoir 0 (désactivé) ou de 30 à 270 jours');
    expect(localizeIssueMessage(msg, undefined, 'zh')).toBe('须为 0（关闭）或 30–270 天');
  });

  it('is stale past FCM’s expiry without activity, or silent past the app’s limit', () => {
    const at = (days: number) => NOW - days * DAY;
    // FCM's 270 days: token and activity both older
    expect(isStale({ lastActiveAt: at(271), tokenUpdatedAt: at(271) }, NOW, 0)).toBe(true);
    expect(isStale({ lastActiveAt: at(269), tokenUpdatedAt: at(300) }, NOW, 0)).toBe(false);
    expect(isStale({ lastActiveAt: at(271), tokenUpdatedAt: null }, NOW, 0)).toBe(true);
    // the app's limit: activity alone
    expect(isStale({ lastActiveAt: at(31), tokenUpdatedAt: at(1) }, NOW, 30)).toBe(true);
    expect(isStale({ lastActiveAt: at(29), tokenUpdatedAt: at(29) }, NOW, 30)).toBe(false);
    expect(isStale({ lastActiveAt: at(200) }, NOW, 0)).toBe(false);
    expect(staleCutoffs(NOW, 0)).toEqual({ tokenBefore: at(FCM_TOKEN_EXPIRY_DAYS), activeBefore: null });
  });

  it('has its loss code named in en, zh and fr', () => {
    expect(LOSS_CODES[STALE_TOKEN_LOSS]).toEqual(['Stale token', '推送令牌已失效', 'Jeton périmé']);
  });
});
