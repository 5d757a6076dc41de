import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The implemented /app/:appId screens, keyed like APP_SCREENS (`section/screen`), each a React.lazy import of a
 * route file; anything not listed shows the "coming soon" placeholder. Features add their screens one line each.
 */
export const SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  'config/forbid': lazy(() => import('./config/forbid')),
  'config/sensitive': lazy(() => import('./config/sensitive')),
  'config/project': lazy(() => import('./config/project')),
  'config/operate': lazy(() => import('./config/operate')),
  'config/device': lazy(() => import('./config/device')),
  'config/deviceedit': lazy(() => import('./config/deviceedit')),
  'config/icon': lazy(() => import('./config/icon')),
  'troubleshooting/equipment': lazy(() => import('./troubleshooting/equipment')),
  'config/group': lazy(() => import('./config/group')),
  'config/editgroup': lazy(() => import('./config/editgroup')),
  'config/tagmanagement': lazy(() => import('./config/tagmanagement')),
  'config/tagconfig': lazy(() => import('./config/tagconfig')),
  'config/tagconfigedit': lazy(() => import('./config/tagconfigedit')),
  // one screen, its mode the path's: a lazy component each, so that moving between them starts a new form
  'message/editpush': lazy(() => import('./message/edit-message')),
  'message/editcross': lazy(() => import('./message/edit-message')),
  'message/editpullup': lazy(() => import('./message/edit-message')),
  'message/editabtest': lazy(() => import('./message/editabtest')),
  'message/editcanvas': lazy(() => import('./message/editcanvas')),
  'data/push': lazy(() => import('./data/push')),
  'data/cross': lazy(() => import('./data/cross')),
  'data/abtest': lazy(() => import('./data/abtest')),
  'data/canvas': lazy(() => import('./data/canvas')),
  'data/review': lazy(() => import('./data/review')),
  'statisticsData/project': lazy(() => import('./statisticsData/project')),
  'statisticsData/dimension': lazy(() => import('./statisticsData/dimension')),
  'statisticsData/user': lazy(() => import('./statisticsData/user')),
  'material/list': lazy(() => import('./material/list')),
  'material/recycle': lazy(() => import('./material/recycle')),
  'material/audit': lazy(() => import('./material/audit')),
  'material/create': lazy(() => import('./material/create')),
};
