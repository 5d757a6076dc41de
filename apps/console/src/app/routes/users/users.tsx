import { UsersPanel } from '../../../features/users/components/users-panel';

/** /users: administrators (level 100; the router guards the level). */
export default function UsersRoute() {
  return <UsersPanel />;
}
