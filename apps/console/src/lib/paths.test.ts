import { describe, expect, it } from 'vitest';
import { appPath } from './paths';

describe('appPath', () => {
  it('writes an app, a screen of it and its query', () => {
    expect(appPath(7)).toBe('/app/7');
    expect(appPath(7, 'message/editpush')).toBe('/app/7/message/editpush');
    expect(appPath('7', 'message/editcanvas', { id: 5, act: 'view' })).toBe(
      '/app/7/message/editcanvas?id=5&act=view',
    );
  });

  it('leaves out undefined parameters, and the ? of an empty query', () => {
    expect(appPath(7, 'material/create', { materialType: undefined })).toBe('/app/7/material/create');
    expect(appPath(7, 'data/push', new URLSearchParams())).toBe('/app/7/data/push');
    expect(appPath(7, 'data/push', '')).toBe('/app/7/data/push');
  });

  it('takes URLSearchParams and search strings as they are, and encodes the app and the values', () => {
    expect(appPath(7, 'data/review', new URLSearchParams({ id: '1', from: 'review' }))).toBe(
      '/app/7/data/review?id=1&from=review',
    );
    expect(appPath(7, 'statisticsData/report', '?day=1')).toBe('/app/7/statisticsData/report?day=1');
    expect(appPath(7, 'statisticsData/report', 'day=1')).toBe('/app/7/statisticsData/report?day=1');
    expect(appPath('a/b', 'x/y', { q: 'a&b' })).toBe('/app/a%2Fb/x/y?q=a%26b');
  });
});
