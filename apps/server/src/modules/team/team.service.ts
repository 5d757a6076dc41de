import {
  CONFIG_LIMITS,
  ErrorCodes,
  MemberStatus,
  ProjectLevel,
  UserLevel,
  UserSource,
  canDeleteMember,
  type InviteAccepted,
  type InviteInfo,
  type MessageLang,
  type TeamMember,
} from '@beacon/shared';
import { ApiError } from '../../lib/api-error';
import { hashPassword } from '../../lib/password';
import { hashToken, newToken } from '../../lib/tokens';
import type { Mailer } from '../../mail/mailer';
import type { UserRecord, UsersRepository } from '../users';
import { inviteMail } from './team.mail';
import type { InviteRecord, MemberRecord, TeamRepository } from './team.repository';

export interface TeamServiceDeps {
  repo: TeamRepository;
  users: UsersRepository;
  mailer: Mailer;
  publicUrl: string;
  registrationEnabled: boolean;
  now?: () => Date;
}

const DAY_MS = 24 * 3600 * 1000;

function toMember(row: MemberRecord): TeamMember {
  return {
    id: row.id,
    email: row.email,
    ulevel: row.ulevel,
    status: row.status,
    uid: row.userId,
    updateTime: row.updatedAt.toISOString(),
    inviteTime: row.createdAt.toISOString(),
  };
}

const notPending = (lang: MessageLang) =>
  lang === 'zh'
    ? '该成员没有待接受的邀请'
    : lang === 'fr'
      ? 'Ce membre n’a pas d’invitation en attente'
      : 'This member has no pending invitation';
const ownerRow = (lang: MessageLang) =>
  lang === 'zh'
    ? '不能删除或修改应用所有者'
    : lang === 'fr'
      ? 'Le propriétaire ne peut être ni supprimé ni modifié'
      : 'The owner cannot be deleted or edited';
const alreadyOwner = (lang: MessageLang) =>
  lang === 'zh'
    ? '该成员已是所有者'
    : lang === 'fr'
      ? 'Ce membre est déjà le propriétaire'
      : 'This member is already the owner';

/** The team of an app: members, invitations by mail, roles and ownership (spec part 1 §3, §4, §6). */
export class TeamService {
  private readonly now: () => Date;

  constructor(private readonly deps: TeamServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async list(
    appId: number,
    email: string,
    pageNo: number,
    pageSize: number,
  ): Promise<{ results: TeamMember[]; total: number }> {
    const { rows, total } = await this.deps.repo.list(
      appId,
      email.trim().toLowerCase(),
      (pageNo - 1) * pageSize,
      pageSize,
    );
    return { results: rows.map(toMember), total };
  }

  /** Adds a pending member and mails them a single-use link valid for CONFIG_LIMITS.inviteTtlMs. */
  async invite(
    app: { id: number; title: string },
    actor: UserRecord,
    email: string,
    ulevel: number,
    lang: MessageLang,
  ): Promise<number> {
    const { token, id } = newToken();
    const expiresAt = new Date(this.now().getTime() + CONFIG_LIMITS.inviteTtlMs);
    const row = await this.deps.repo.insertInvite(
      { appId: app.id, email, ulevel, invitedBy: actor.id },
      { id, expiresAt },
    );
    if (!row) throw new ApiError(ErrorCodes.ALREADY_MEMBER);
    const link = `${this.deps.publicUrl}/invite?token=${token}`;
    const days = Math.round(CONFIG_LIMITS.inviteTtlMs / DAY_MS);
    await this.deps.mailer.send(
      inviteMail({ to: email, link, appTitle: app.title, inviter: actor.email, ulevel, days }, lang),
    );
    return row.id;
  }

  private async memberOf(appId: number, id: number): Promise<MemberRecord> {
    const row = await this.deps.repo.findMember(appId, id);
    if (!row) throw new ApiError(ErrorCodes.NOT_FOUND);
    return row;
  }

  /** Gives a member another assignable level; the owner row keeps 200 (hand ownership over instead). */
  async edit(appId: number, id: number, ulevel: number): Promise<void> {
    const row = await this.memberOf(appId, id);
    if (row.ulevel === ProjectLevel.OWNER) throw new ApiError(ErrorCodes.PERMISSION_DENIED, ownerRow);
    await this.deps.repo.updateLevel(appId, id, ulevel);
  }

  async cancelInvite(appId: number, id: number): Promise<void> {
    const row = await this.memberOf(appId, id);
    if (row.status !== MemberStatus.INVITED) throw new ApiError(ErrorCodes.PARAMETER_ILLEGAL, notPending);
    await this.deps.repo.deleteMember(appId, id, MemberStatus.INVITED);
  }

  async remove(appId: number, actorLevel: number, id: number): Promise<void> {
    const row = await this.memberOf(appId, id);
    if (!canDeleteMember(actorLevel, row.ulevel))
      throw new ApiError(
        ErrorCodes.PERMISSION_DENIED,
        row.ulevel === ProjectLevel.OWNER ? ownerRow : undefined,
      );
    await this.deps.repo.deleteMember(appId, id);
  }

  /** Hands the app to an active member: they become owner (200), the old owner manager (300). */
  async changeOwner(appId: number, targetEmail: string): Promise<void> {
    const owner = await this.deps.repo.findOwnerRow(appId);
    const target = await this.deps.repo.findMemberByEmail(appId, targetEmail);
    if (target && owner && target.id === owner.id)
      throw new ApiError(ErrorCodes.PARAMETER_ILLEGAL, alreadyOwner);
    if (!target || target.status !== MemberStatus.ACTIVE || target.userId === null)
      throw new ApiError(ErrorCodes.OWNER_NOT_MEMBER);
    if (!owner) throw new ApiError(ErrorCodes.NOT_FOUND);
    await this.deps.repo.transferOwnership(appId, owner.id, { rowId: target.id, userId: target.userId });
  }

  /** A live invitation (pending, unused, unexpired), or 1006. */
  private async liveInvite(token: string): Promise<InviteRecord & { hash: string }> {
    const hash = hashToken(token);
    const invite = await this.deps.repo.findInvite(hash);
    if (
      !invite ||
      invite.usedAt ||
      invite.status !== MemberStatus.INVITED ||
      invite.expiresAt.getTime() <= this.now().getTime()
    ) {
      throw new ApiError(ErrorCodes.LINK_INVALID);
    }
    return { ...invite, hash };
  }

  async inviteInfo(token: string): Promise<InviteInfo> {
    const invite = await this.liveInvite(token);
    const account = await this.deps.users.findByEmail(invite.email);
    return {
      email: invite.email,
      appId: invite.appId,
      appTitle: invite.appTitle,
      ulevel: invite.ulevel,
      inviterEmail: invite.inviterEmail ?? '',
      hasAccount: account !== undefined,
      registrationEnabled: this.deps.registrationEnabled,
      expiresAt: invite.expiresAt.toISOString(),
    };
  }

  /** Makes the signed-in user an active member, when their e-mail is the invited one. */
  async accept(token: string, user: UserRecord): Promise<InviteAccepted> {
    const invite = await this.liveInvite(token);
    if (user.email.toLowerCase() !== invite.email) throw new ApiError(ErrorCodes.INVITE_OTHER_EMAIL);
    if (!(await this.deps.repo.consumeInvite(invite.hash, user.id, this.now())))
      throw new ApiError(ErrorCodes.LINK_INVALID);
    return { appId: invite.appId, appTitle: invite.appTitle, ulevel: invite.ulevel };
  }

  /**
   * Creates an active local account for the invited e-mail (the mailed link proves the mailbox, as a reset does)
   * and accepts the invitation with it; the caller opens the session.
   */
  async registerAndAccept(token: string, password: string): Promise<InviteAccepted & { user: UserRecord }> {
    const invite = await this.liveInvite(token);
    if (!this.deps.registrationEnabled) throw new ApiError(ErrorCodes.PERMISSION_DENIED);
    if (await this.deps.users.findByEmail(invite.email)) throw new ApiError(ErrorCodes.EMAIL_TAKEN);
    const user = await this.deps.users.insert({
      email: invite.email,
      passwordHash: await hashPassword(password),
      source: UserSource.EXTERNAL,
      ulevel: UserLevel.USER,
      activatedAt: this.now(),
    });
    if (!user) throw new ApiError(ErrorCodes.EMAIL_TAKEN);
    return { ...(await this.accept(token, user)), user };
  }
}
