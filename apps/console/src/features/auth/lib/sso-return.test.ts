import { describe, expect, it } from 'vitest';
import { LIMITS } from '@beacon/shared';
import {
  loginActionFor,
  postLoginTarget,
  readSsoReturn,
  SSO_RETURN_KEY,
  ssoOrigin,
  ssoStamp,
  storeSsoReturn,
  type KeyValueStore,
} from './sso-return';

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get: (k) => data.get(k) ?? null,
    set: (k, v) => void data.set(k, v),
    remove: (k) => void data.delete(k),
  };
}

const NOW = 1_750_000_000_000;
const q = (s: string) => new URLSearchParams(s);

describe('loginActionFor', () => {
  it('follows ssoLink first, then finishes a code, else checks the session', () => {
    expect(loginActionFor(q('ssoLink=https%3A%2F%2Fidp.example%2Fauth&code=x'))).toEqual({
      kind: 'ssoLink',
      link: 'https://idp.example/auth',
    });
    expect(loginActionFor(q('code=abc&state=s1'))).toEqual({ kind: 'code', code: 'abc', state: 's1' });
    expect(loginActionFor(q('code=abc'))).toEqual({ kind: 'code', code: 'abc' });
    expect(loginActionFor(q('redirect=%2Fusers'))).toEqual({ kind: 'status' });
  });
});

describe('ssoLink storing', () => {
  it('stores the date and the originating url with a matching stamp', () => {
    const store = memoryStore();
    storeSsoReturn(store, '/app/7/config/operate', NOW);
    const record = JSON.parse(store.data.get(SSO_RETURN_KEY)!);
    expect(record).toEqual({
      url: '/app/7/config/operate',
      at: NOW,
      stamp: ssoStamp('/app/7/config/operate', NOW),
    });
  });

  it('takes the origin from redirect, else a same-site referrer, else /dashboard', () => {
    const origin = 'https://beacon.example';
    expect(ssoOrigin(q('redirect=%2Fusers%3Fpage%3D2'), `${origin}/app/1`, origin)).toBe('/users?page=2');
    expect(ssoOrigin(q(''), `${origin}/app/1/data/push?x=1`, origin)).toBe('/app/1/data/push?x=1');
    expect(ssoOrigin(q(''), 'https://evil.example/app', origin)).toBe('/dashboard');
    expect(ssoOrigin(q('redirect=%2F%2Fevil.example'), '', origin)).toBe('/dashboard');
  });
});

describe('readSsoReturn', () => {
  it('returns a fresh, slash-rooted url whose stamp matches', () => {
    const store = memoryStore();
    storeSsoReturn(store, '/users', NOW);
    expect(readSsoReturn(store, NOW + 1000)).toBe('/users');
  });

  it('rejects a url at or past the maximum age', () => {
    const store = memoryStore();
    storeSsoReturn(store, '/users', NOW);
    expect(readSsoReturn(store, NOW + LIMITS.ssoReturnMaxAgeMs - 1)).toBe('/users');
    expect(readSsoReturn(store, NOW + LIMITS.ssoReturnMaxAgeMs)).toBeNull();
    expect(readSsoReturn(store, NOW - 1)).toBeNull();
  });

  it('rejects a url that does not begin with a slash', () => {
    const store = memoryStore();
    storeSsoReturn(store, 'https://evil.example/', NOW);
    expect(readSsoReturn(store, NOW)).toBeNull();
    storeSsoReturn(store, '//evil.example/', NOW);
    expect(readSsoReturn(store, NOW)).toBeNull();
  });

  it('rejects a record whose stamp does not match', () => {
    const store = memoryStore();
    store.set(SSO_RETURN_KEY, JSON.stringify({ url: '/users', at: NOW, stamp: ssoStamp('/other', NOW) }));
    expect(readSsoReturn(store, NOW)).toBeNull();
    store.set(SSO_RETURN_KEY, JSON.stringify({ url: '/users', at: NOW + 5, stamp: ssoStamp('/users', NOW) }));
    expect(readSsoReturn(store, NOW + 10)).toBeNull();
    store.set(SSO_RETURN_KEY, 'not json');
    expect(readSsoReturn(store, NOW)).toBeNull();
  });
});

describe('postLoginTarget', () => {
  it('prefers the redirect target, then the stored return url, then /dashboard, and clears the record', () => {
    const store = memoryStore();
    storeSsoReturn(store, '/app/3/message/editpush', NOW);
    expect(postLoginTarget(q('redirect=%2Fusers'), store, NOW)).toBe('/users');
    expect(store.data.has(SSO_RETURN_KEY)).toBe(false);

    storeSsoReturn(store, '/app/3/message/editpush', NOW);
    expect(postLoginTarget(q('code=c'), store, NOW + 60_000)).toBe('/app/3/message/editpush');
    expect(postLoginTarget(q('code=c'), store, NOW + 60_000)).toBe('/dashboard');

    storeSsoReturn(store, '/app/3/message/editpush', NOW);
    expect(postLoginTarget(q(''), store, NOW + LIMITS.ssoReturnMaxAgeMs + 1)).toBe('/dashboard');
    expect(postLoginTarget(q('redirect=https%3A%2F%2Fevil.example'), store, NOW)).toBe('/dashboard');
  });
});
