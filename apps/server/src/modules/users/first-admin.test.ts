import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { startTestApp, type TestApp } from '../../test/test-app';

// several processes may start at once on a new database (beacon api ×N, docs/operations.md): one first admin
describe.each(backends('one'))(
  'the first super admin, made by processes starting at once [$name]',
  (backend) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(backend);
    });
    afterAll(() => t?.close());

    it('is created once, and only the call that created it reports the password it chose', async () => {
      const results = await Promise.all(
        [1, 2, 3].map(() => t.services.users.ensureFirstAdmin('first@example.com', undefined)),
      );
      const created = results.filter((r) => r.created);
      expect(created).toHaveLength(1);
      expect(results.filter((r) => !r.created)).toHaveLength(2);
      const login = await t.app.inject({
        method: 'POST',
        url: '/tcm/v1/user/login',
        payload: { email: 'first@example.com', password: created[0]!.password },
      });
      expect(login.json<{ status: number }>().status).toBe(200);
      expect(await t.services.users.ensureFirstAdmin('first@example.com', undefined)).toEqual({
        created: false,
      });
    });

    it('promotes an existing user once when processes start at once, and only that call reports a password', async () => {
      // no super admin left: the first admin's address now belongs to a platform administrator
      await t.database.query(`UPDATE users SET ulevel = 150 WHERE email = 'first@example.com'`);
      const results = await Promise.all(
        [1, 2, 3].map(() => t.services.users.ensureFirstAdmin('first@example.com', undefined)),
      );
      const created = results.filter((r) => r.created);
      expect(created).toHaveLength(1);
      const [row] = await t.database.query<{ ulevel: number }>(
        `SELECT ulevel FROM users WHERE email = 'first@example.com'`,
      );
      expect(row?.ulevel).toBe(100);
      const login = await t.app.inject({
        method: 'POST',
        url: '/tcm/v1/user/login',
        payload: { email: 'first@example.com', password: created[0]!.password },
      });
      expect(login.json<{ status: number }>().status).toBe(200);
    });
  },
);
