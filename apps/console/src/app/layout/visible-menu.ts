import { type MenuGroup } from './app-menu';

/**
 * The menu a user sees: leaves whose route `canSee` refuses are dropped, single-path groups likewise, and groups left
 * without entries disappear.
 */
export function visibleMenu(menu: readonly MenuGroup[], canSee: (path: string) => boolean): MenuGroup[] {
  const out: MenuGroup[] = [];
  for (const group of menu) {
    if (group.children) {
      const children = group.children.filter((leaf) => canSee(leaf.path));
      if (children.length > 0) out.push({ ...group, children });
    } else if (!group.path || canSee(group.path)) {
      out.push(group);
    }
  }
  return out;
}
