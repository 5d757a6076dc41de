import { describe, expect, it } from 'vitest';
import { canManageAppSecrets, canSeeRoute, guardRedirect, ROUTE_LEVELS } from './permissions';

const LEVELS = [100, 200, 300, 400, 500] as const;
const who = (path: string, app = { reviewEnable: true }) => LEVELS.filter((l) => canSeeRoute(path, l, app));

describe('route permissions (part 1 §2)', () => {
  it.each([
    ['config/forbid', [100, 200, 300, 400]],
    ['config/tagconfig', [100, 200, 300, 400]],
    ['config/tagconfigedit', [100, 200, 300, 400]],
    ['config/tagmanagement', [100, 200, 300, 400]],
    ['config/editgroup', [100, 200, 300]],
    ['config/group', [100, 200, 300]],
    ['config/project', [100, 200]],
    ['statisticsData/project', [100, 200, 300, 400]],
    ['statisticsData/user', [100, 200, 300, 400]],
    ['material/list', [100, 200, 300, 400]],
    ['material/audit', [100, 200, 300, 400]],
    ['data/review', [100, 200, 300, 400]],
    ['config/operate', LEVELS],
    ['config/device', LEVELS],
    ['config/deviceedit', LEVELS],
    ['config/icon', LEVELS],
    ['message/editpush', LEVELS],
    ['data/push', LEVELS],
  ])('%s is open to %j', (path, levels) => {
    expect(who(path)).toEqual(levels);
  });

  it('hides the review records while review is off', () => {
    expect(who('data/review', { reviewEnable: false })).toEqual([]);
    expect(canSeeRoute('data/review', 100)).toBe(true);
  });

  it('keeps the lists sorted and within the project levels', () => {
    for (const levels of Object.values(ROUTE_LEVELS)) {
      expect([...levels].sort()).toEqual(levels);
      expect(levels.every((l) => (LEVELS as readonly number[]).includes(l))).toBe(true);
    }
  });
});

describe('guardRedirect', () => {
  it('lets allowed levels through', () => {
    expect(guardRedirect('config/project', 200)).toBeUndefined();
    expect(guardRedirect('config/group', 300)).toBeUndefined();
    expect(guardRedirect('config/operate', 500)).toBeUndefined();
    expect(guardRedirect('message/editpush', 500)).toBeUndefined();
  });
  it('sends disallowed levels outside config to message/editpush', () => {
    expect(guardRedirect('statisticsData/project', 500)).toBe('message/editpush');
    expect(guardRedirect('material/list', 500)).toBe('message/editpush');
    expect(guardRedirect('data/review', 200, { reviewEnable: false })).toBe('message/editpush');
  });
  it('inside config sends 500 and 400 to message/editpush and 300 to config/group', () => {
    expect(guardRedirect('config/project', 500)).toBe('message/editpush');
    expect(guardRedirect('config/project', 400)).toBe('message/editpush');
    expect(guardRedirect('config/group', 400)).toBe('message/editpush');
    expect(guardRedirect('config/project', 300)).toBe('config/group');
    expect(guardRedirect('config/forbid', 500)).toBe('message/editpush');
  });
  it('lets only owners and super admins manage secrets and deletion', () => {
    expect(LEVELS.filter(canManageAppSecrets)).toEqual([100, 200]);
  });
});
