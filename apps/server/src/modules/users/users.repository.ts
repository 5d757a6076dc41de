import { and, asc, count, desc, eq, gt, ilike, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFailures, sessions, users, userTokens } from '../../db/schema';
import { trackNewUser } from '../../platform/tracking';

import type { UserRecord } from '../../db/schema/users';

export type { UserRecord };
export type NewUser = typeof users.$inferInsert;

/** Users, their sessions, single-use tokens and sign-in failures. */
export class UsersRepository {
  constructor(private readonly db: Db) {}

  async findByEmail(email: string): Promise<UserRecord | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email)).limit(1);
    return row;
  }

  async findById(id: number): Promise<UserRecord | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  async findByOidcSubject(subject: string): Promise<UserRecord | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.oidcSubject, subject)).limit(1);
    return row;
  }

  /** Inserts a user (tracked as user_info_new); returns undefined when the e-mail is taken. */
  async insert(user: NewUser): Promise<UserRecord | undefined> {
    const [row] = await this.db
      .insert(users)
      .values(user)
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (row) await trackNewUser(this.db, row);
    return row;
  }

  async update(id: number, patch: Partial<NewUser>): Promise<void> {
    await this.db
      .update(users)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(users.id, id));
  }

  /**
   * Raises a user to `ulevel` with `patch`, unless the user already has that level; true when this call did it. Two
   * processes promoting the same user at once: the second waits for the first's row lock, then finds the level set.
   */
  async promote(id: number, ulevel: number, patch: Partial<NewUser>): Promise<boolean> {
    const rows = await this.db
      .update(users)
      .set({ ...patch, ulevel, updatedAt: new Date() })
      .where(and(eq(users.id, id), ne(users.ulevel, ulevel)))
      .returning({ id: users.id });
    return rows.length > 0;
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(users).where(eq(users.id, id));
  }

  /** The oldest user of a level (the first super admin). */
  async firstByLevel(ulevel: number): Promise<UserRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(eq(users.ulevel, ulevel))
      .orderBy(users.id)
      .limit(1);
    return row;
  }

  async countByLevel(ulevel: number): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(users).where(eq(users.ulevel, ulevel));
    return row?.n ?? 0;
  }

  /** One page of users whose e-mail contains `search`, newest first. */
  async list(search: string, offset: number, limit: number): Promise<{ rows: UserRecord[]; total: number }> {
    const where = search ? ilike(users.email, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined;
    const [rows, totals] = await Promise.all([
      this.db.select().from(users).where(where).orderBy(desc(users.id)).offset(offset).limit(limit),
      this.db.select({ n: count() }).from(users).where(where),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  }

  // sessions

  async insertSession(s: typeof sessions.$inferInsert): Promise<void> {
    await this.db.insert(sessions).values(s);
  }

  /** The live session with this id and its user. */
  async findLiveSession(
    id: string,
    now: Date,
  ): Promise<{ sessionId: string; idToken: string | null; user: UserRecord } | undefined> {
    const [row] = await this.db
      .select({ sessionId: sessions.id, idToken: sessions.idToken, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .limit(1);
    return row;
  }

  async revokeSession(id: string): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, id));
  }

  async revokeUserSessions(userId: number, exceptId?: string): Promise<void> {
    const except = exceptId ? sql`${sessions.id} <> ${exceptId}` : undefined;
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), except));
  }

  // single-use tokens (activation, password reset)

  async insertToken(t: typeof userTokens.$inferInsert): Promise<void> {
    await this.db.insert(userTokens).values(t);
  }

  /** Marks the token used and returns its user id, only if it is unused, unexpired and of this kind. */
  async consumeToken(id: string, kind: string, now: Date): Promise<number | undefined> {
    const [row] = await this.db
      .update(userTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(userTokens.id, id),
          eq(userTokens.kind, kind),
          isNull(userTokens.usedAt),
          gt(userTokens.expiresAt, now),
        ),
      )
      .returning({ userId: userTokens.userId });
    return row?.userId;
  }

  /** Retires a user's unused tokens of a kind (a new mail replaces the old link). */
  async retireTokens(userId: number, kind: string, now: Date): Promise<void> {
    await this.db
      .update(userTokens)
      .set({ usedAt: now })
      .where(and(eq(userTokens.userId, userId), eq(userTokens.kind, kind), isNull(userTokens.usedAt)));
  }

  // sign-in failures

  async recordFailures(keys: string[], at: Date): Promise<void> {
    await this.db.insert(loginFailures).values(keys.map((key) => ({ key, at })));
  }

  /** When the failures of a key since `since` happened, oldest first. */
  async failureTimes(key: string, since: Date): Promise<Date[]> {
    const rows = await this.db
      .select({ at: loginFailures.at })
      .from(loginFailures)
      .where(and(eq(loginFailures.key, key), gt(loginFailures.at, since)))
      .orderBy(asc(loginFailures.at));
    return rows.map((r) => r.at);
  }

  async clearFailures(key: string, before?: Date): Promise<void> {
    await this.db
      .delete(loginFailures)
      .where(
        before ? and(eq(loginFailures.key, key), lt(loginFailures.at, before)) : eq(loginFailures.key, key),
      );
  }

  async pruneFailures(before: Date): Promise<void> {
    await this.db.delete(loginFailures).where(lt(loginFailures.at, before));
  }
}
