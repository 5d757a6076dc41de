import { and, asc, count, eq, gt, ilike, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { appMembers, apps, teamInvites, users } from '../../db/schema';

export type MemberRecord = typeof appMembers.$inferSelect;

export interface InviteRecord {
  memberId: number;
  appId: number;
  appTitle: string;
  email: string;
  ulevel: number;
  status: number;
  inviterEmail: string | null;
  expiresAt: Date;
  usedAt: Date | null;
}

/** Thrown inside a transaction to undo it: the member row was no longer pending. */
class NotPending extends Error {}

/** Escapes LIKE wildcards so a search term matches literally. */
function likeTerm(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** App members, invitations and ownership. */
export class TeamRepository {
  constructor(private readonly db: Db) {}

  /** Members of an app matching an e-mail search: the owner first, then by level and invitation date. */
  async list(
    appId: number,
    search: string,
    offset: number,
    limit: number,
  ): Promise<{ rows: MemberRecord[]; total: number }> {
    const where = search
      ? and(eq(appMembers.appId, appId), ilike(appMembers.email, likeTerm(search)))
      : eq(appMembers.appId, appId);
    const [rows, totals] = await Promise.all([
      this.db
        .select()
        .from(appMembers)
        .where(where)
        .orderBy(asc(appMembers.ulevel), asc(appMembers.createdAt), asc(appMembers.id))
        .offset(offset)
        .limit(limit),
      this.db.select({ n: count() }).from(appMembers).where(where),
    ]);
    return { rows, total: Number(totals[0]?.n ?? 0) };
  }

  async findMember(appId: number, id: number): Promise<MemberRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(appMembers)
      .where(and(eq(appMembers.appId, appId), eq(appMembers.id, id)))
      .limit(1);
    return row;
  }

  async findMemberByEmail(appId: number, email: string): Promise<MemberRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(appMembers)
      .where(and(eq(appMembers.appId, appId), eq(appMembers.email, email)))
      .limit(1);
    return row;
  }

  async findOwnerRow(appId: number): Promise<MemberRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(appMembers)
      .where(and(eq(appMembers.appId, appId), eq(appMembers.ulevel, 200)))
      .limit(1);
    return row;
  }

  /** Adds a pending member and its invitation in one transaction; undefined when the e-mail is already on the team. */
  async insertInvite(
    member: { appId: number; email: string; ulevel: number; invitedBy: number },
    invite: { id: string; expiresAt: Date },
  ): Promise<MemberRecord | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(appMembers)
        .values({ ...member, status: 1, userId: null })
        .onConflictDoNothing({ target: [appMembers.appId, appMembers.email] })
        .returning();
      if (!row) return undefined;
      await tx.insert(teamInvites).values({ id: invite.id, memberId: row.id, expiresAt: invite.expiresAt });
      return row;
    });
  }

  async updateLevel(appId: number, id: number, ulevel: number): Promise<void> {
    await this.db
      .update(appMembers)
      .set({ ulevel, updatedAt: sql`now()` })
      .where(and(eq(appMembers.appId, appId), eq(appMembers.id, id)));
  }

  /** Deletes a member row (its invitation goes with it); never the owner row. Returns whether a row went. */
  async deleteMember(appId: number, id: number, onlyStatus?: number): Promise<boolean> {
    const conditions = [eq(appMembers.appId, appId), eq(appMembers.id, id), ne(appMembers.ulevel, 200)];
    if (onlyStatus !== undefined) conditions.push(eq(appMembers.status, onlyStatus));
    const gone = await this.db
      .delete(appMembers)
      .where(and(...conditions))
      .returning({ id: appMembers.id });
    return gone.length > 0;
  }

  async findInvite(id: string): Promise<InviteRecord | undefined> {
    const inviter = alias(users, 'inviter');
    const [row] = await this.db
      .select({
        memberId: appMembers.id,
        appId: appMembers.appId,
        appTitle: apps.title,
        email: appMembers.email,
        ulevel: appMembers.ulevel,
        status: appMembers.status,
        inviterEmail: inviter.email,
        expiresAt: teamInvites.expiresAt,
        usedAt: teamInvites.usedAt,
      })
      .from(teamInvites)
      .innerJoin(appMembers, eq(appMembers.id, teamInvites.memberId))
      .innerJoin(apps, eq(apps.id, appMembers.appId))
      .leftJoin(inviter, eq(inviter.id, appMembers.invitedBy))
      .where(eq(teamInvites.id, id))
      .limit(1);
    return row;
  }

  /**
   * Uses an invitation once: marks it used and makes its member row active for `userId`, in one transaction.
   * False when the invitation is unknown, used, expired or no longer pending (a concurrent accept loses).
   */
  async consumeInvite(id: string, userId: number, now: Date): Promise<boolean> {
    try {
      return await this.db.transaction(async (tx) => {
        const [used] = await tx
          .update(teamInvites)
          .set({ usedAt: now })
          .where(and(eq(teamInvites.id, id), isNull(teamInvites.usedAt), gt(teamInvites.expiresAt, now)))
          .returning({ memberId: teamInvites.memberId });
        if (!used) return false;
        const activated = await tx
          .update(appMembers)
          .set({ userId, status: 0, updatedAt: now })
          .where(and(eq(appMembers.id, used.memberId), eq(appMembers.status, 1)))
          .returning({ id: appMembers.id });
        if (activated.length === 0) throw new NotPending();
        return true;
      });
    } catch (err) {
      if (err instanceof NotPending) return false;
      throw err;
    }
  }

  /** Hands an app to an active member: they become 200, the old owner 300, `apps.owner_id` follows; one transaction. */
  async transferOwnership(
    appId: number,
    oldOwnerRowId: number,
    newOwner: { rowId: number; userId: number },
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(appMembers)
        .set({ ulevel: 300, updatedAt: sql`now()` })
        .where(and(eq(appMembers.appId, appId), eq(appMembers.id, oldOwnerRowId)));
      await tx
        .update(appMembers)
        .set({ ulevel: 200, updatedAt: sql`now()` })
        .where(and(eq(appMembers.appId, appId), eq(appMembers.id, newOwner.rowId)));
      await tx
        .update(apps)
        .set({ ownerId: newOwner.userId, updatedAt: sql`now()` })
        .where(eq(apps.id, appId));
    });
  }
}
