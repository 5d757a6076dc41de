import { describe, expect, it } from 'vitest';
import { canSeeRoute } from '@beacon/shared';
import { APP_MENU } from './app-menu';
import { visibleMenu } from './visible-menu';

const paths = (level: number, reviewEnable = false) =>
  visibleMenu(APP_MENU, (path) => canSeeRoute(path, level, { reviewEnable })).flatMap((g) =>
    g.children ? g.children.map((c) => c.path) : [g.path],
  );

describe('the app menu per project level', () => {
  it('shows an owner every entry', () => {
    expect(paths(200)).toContain('config/project');
    expect(paths(200)).toContain('statisticsData/project');
    expect(paths(100)).toEqual(paths(200));
  });
  it('hides App Details from a manager (300) but keeps user groups', () => {
    expect(paths(300)).not.toContain('config/project');
    expect(paths(300)).toContain('config/group');
  });
  it('hides groups, details and nothing else declared from an operator (400)', () => {
    const seen = paths(400);
    expect(seen).not.toContain('config/group');
    expect(seen).not.toContain('config/project');
    expect(seen).toContain('config/forbid');
    expect(seen).toContain('material/list');
  });
  it('leaves a tester (500) the screens without a permission list only', () => {
    const seen = paths(500);
    for (const hidden of [
      'statisticsData/project',
      'material/list',
      'config/forbid',
      'config/tagmanagement',
      'config/group',
      'config/project',
    ]) {
      expect(seen).not.toContain(hidden);
    }
    for (const shown of ['message/editpush', 'data/push', 'config/operate', 'config/device', 'config/icon'])
      expect(seen).toContain(shown);
  });
  it('drops a group whose entries are all hidden', () => {
    const menu = visibleMenu(
      [{ key: 'x', labelKey: 'x', icon: 'settings', children: [{ path: 'config/project', labelKey: 'y' }] }],
      (p) => canSeeRoute(p, 500),
    );
    expect(menu).toEqual([]);
  });
});
