import {
  LIMITS,
  UserLevel,
  UserSource,
  canChangeOwnPassword,
  type MessageLang,
  type SessionUser,
  type UserRow,
  type UserSaveRequest,
} from '@beacon/shared';
import { ApiError } from '../../lib/api-error';
import { generatePassword, hashPassword, verifyPassword } from '../../lib/password';
import { hashToken, newToken } from '../../lib/tokens';
import type { Mailer } from '../../mail/mailer';
import { activationMail, resetMail } from '../../mail/templates';
import type { UserRecord, UsersRepository } from './users.repository';

export interface UsersServiceDeps {
  repo: UsersRepository;
  mailer: Mailer;
  publicUrl: string;
  sessionTtlMs: number;
  registrationEnabled: boolean;
  /** Apps this user owns; 0 until apps exist. */
  countOwnedApps: (userId: number) => Promise<number>;
  now?: () => Date;
}

export interface LoginResult {
  token: string;
  user: SessionUser;
}

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

const ACTIVATION = 'activation';
const RESET = 'reset';

/** Presents a user record as the console sees it. */
export function toSessionUser(u: UserRecord): SessionUser {
  return { email: u.email, ulevel: u.ulevel, source: u.source, description: u.description };
}

/** Accounts, sessions, activation and password reset, administrators. */
export class UsersService {
  private readonly now: () => Date;

  constructor(private readonly deps: UsersServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Checks e-mail and password; throttles repeated failures per e-mail and per client. */
  async login(email: string, password: string, client: ClientInfo): Promise<LoginResult> {
    const { repo } = this.deps;
    const now = this.now();
    const since = new Date(now.getTime() - LIMITS.loginFailureWindowMs);
    const emailKey = `email:${email}`;
    const clientKey = `ip:${client.ip}`;
    const [byEmail, byClient] = await Promise.all([
      repo.countFailures(emailKey, since),
      repo.countFailures(clientKey, since),
    ]);
    if (byEmail >= LIMITS.loginFailuresPerEmail || byClient >= LIMITS.loginFailuresPerClient) {
      const minutes = Math.ceil(LIMITS.loginFailureWindowMs / 60_000);
      throw new ApiError(1007, (lang) => tooManyAttempts(lang, minutes));
    }
    const user = await repo.findByEmail(email);
    const ok = user?.passwordHash ? await verifyPassword(user.passwordHash, password) : false;
    if (!user || !ok) {
      await repo.recordFailures([emailKey, clientKey], now);
      throw new ApiError(1003);
    }
    if (!user.activatedAt) throw new ApiError(1004);
    await repo.clearFailures(emailKey);
    return { token: await this.openSession(user.id, client), user: toSessionUser(user) };
  }

  /** Opens a session for a user already authenticated (password or SSO); returns the cookie token. */
  async openSession(userId: number, client: ClientInfo, idToken?: string): Promise<string> {
    const { token, id } = newToken();
    const now = this.now();
    await this.deps.repo.insertSession({
      id,
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.deps.sessionTtlMs),
      ip: client.ip,
      userAgent: client.userAgent.slice(0, 300),
      idToken: idToken ?? null,
    });
    return token;
  }

  /** The user behind a session cookie, if the session is live. */
  async resolveSession(token: string) {
    const found = await this.deps.repo.findLiveSession(hashToken(token), this.now());
    return found && { sessionId: found.sessionId, idToken: found.idToken, user: found.user };
  }

  async logout(sessionId: string): Promise<void> {
    await this.deps.repo.revokeSession(sessionId);
  }

  /** Creates an inactive local account and mails its activation link. */
  async register(email: string, password: string, lang: MessageLang): Promise<void> {
    if (!this.deps.registrationEnabled) throw new ApiError(1002);
    const created = await this.deps.repo.insert({
      email,
      passwordHash: await hashPassword(password),
      source: UserSource.EXTERNAL,
      ulevel: UserLevel.USER,
    });
    if (!created) {
      const existing = await this.deps.repo.findByEmail(email);
      if (existing && !existing.activatedAt && existing.source === UserSource.EXTERNAL) {
        // registering again before activating: new password, new link
        await this.deps.repo.update(existing.id, { passwordHash: await hashPassword(password) });
        await this.sendActivation(existing, lang);
        return;
      }
      throw new ApiError(1005);
    }
    await this.sendActivation(created, lang);
  }

  private async sendActivation(user: UserRecord, lang: MessageLang): Promise<void> {
    const link = await this.issueToken(user.id, ACTIVATION, LIMITS.activationTtlMs, '/activate');
    await this.deps.mailer.send(activationMail(user.email, link, lang));
  }

  private async issueToken(userId: number, kind: string, ttlMs: number, page: string): Promise<string> {
    const now = this.now();
    await this.deps.repo.retireTokens(userId, kind, now);
    const { token, id } = newToken();
    await this.deps.repo.insertToken({ id, kind, userId, expiresAt: new Date(now.getTime() + ttlMs) });
    return `${this.deps.publicUrl}${page}?token=${token}`;
  }

  async activate(token: string): Promise<void> {
    const userId = await this.deps.repo.consumeToken(hashToken(token), ACTIVATION, this.now());
    if (userId === undefined) throw new ApiError(1006);
    await this.deps.repo.update(userId, { activatedAt: this.now() });
  }

  /** Mails a reset link to local accounts; answers the same for unknown e-mails (no account probing). */
  async recover(email: string, lang: MessageLang): Promise<void> {
    const user = await this.deps.repo.findByEmail(email);
    if (!user || user.source !== UserSource.EXTERNAL) return;
    const link = await this.issueToken(user.id, RESET, LIMITS.resetTtlMs, '/resetpass');
    await this.deps.mailer.send(resetMail(user.email, link, lang));
  }

  /** Sets a new password with a single-use reset token; signs the user out everywhere. */
  async resetPassword(token: string, password: string): Promise<void> {
    const userId = await this.deps.repo.consumeToken(hashToken(token), RESET, this.now());
    if (userId === undefined) throw new ApiError(1006);
    const user = await this.deps.repo.findById(userId);
    await this.deps.repo.update(userId, {
      passwordHash: await hashPassword(password),
      // the mailbox is proven: a reset also activates a pending account
      activatedAt: user?.activatedAt ?? this.now(),
    });
    await this.deps.repo.revokeUserSessions(userId);
  }

  async changePassword(
    user: UserRecord,
    sessionId: string,
    oldPassword: string,
    newPassword: string,
  ): Promise<void> {
    if (!canChangeOwnPassword(user.source)) throw new ApiError(1009);
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, oldPassword)))
      throw new ApiError(1008);
    await this.deps.repo.update(user.id, { passwordHash: await hashPassword(newPassword) });
    await this.deps.repo.revokeUserSessions(user.id, sessionId);
  }

  async list(
    search: string,
    pageNo: number,
    pageSize: number,
  ): Promise<{ results: UserRow[]; total: number }> {
    const { rows, total } = await this.deps.repo.list(
      search.toLowerCase(),
      (pageNo - 1) * pageSize,
      pageSize,
    );
    const results = await Promise.all(
      rows.map(async (u) => ({
        id: u.id,
        ...toSessionUser(u),
        activated: u.activatedAt !== null,
        ownApps: await this.deps.countOwnedApps(u.id),
        createTime: u.createdAt.toISOString(),
      })),
    );
    return { results, total };
  }

  /** Creates or edits a user (administrators screen). Users it creates are active at once. */
  async save(input: UserSaveRequest, actor: UserRecord): Promise<number> {
    const password =
      input.source === UserSource.EXTERNAL && input.password ? await hashPassword(input.password) : undefined;
    const existing =
      input.id !== undefined
        ? await this.deps.repo.findById(input.id)
        : await this.deps.repo.findByEmail(input.email);
    if (input.id !== undefined && !existing) throw new ApiError(404);
    if (existing) {
      if (existing.id === actor.id && input.ulevel !== existing.ulevel) throw new ApiError(1002);
      await this.deps.repo.update(existing.id, {
        description: input.description,
        source: input.source,
        ulevel: input.ulevel,
        ...(password ? { passwordHash: password } : {}),
        ...(input.source === UserSource.INTERNAL ? { passwordHash: null } : {}),
        activatedAt: existing.activatedAt ?? this.now(),
      });
      if (password) await this.deps.repo.revokeUserSessions(existing.id);
      return existing.id;
    }
    const created = await this.deps.repo.insert({
      email: input.email,
      description: input.description,
      source: input.source,
      ulevel: input.ulevel,
      passwordHash: password ?? null,
      activatedAt: this.now(),
    });
    if (!created) throw new ApiError(1005);
    return created.id;
  }

  /** Deletes a user, refused while they own apps. */
  async remove(email: string, actor: UserRecord): Promise<void> {
    const user = await this.deps.repo.findByEmail(email);
    if (!user) throw new ApiError(404);
    if (user.id === actor.id) throw new ApiError(1013);
    const owned = await this.deps.countOwnedApps(user.id);
    if (owned > 0) throw new ApiError(1012, (lang) => stillOwnsApps(lang, owned));
    await this.deps.repo.delete(user.id);
  }

  /**
   * `admin create`: creates a super admin (or platform admin), or updates the password and level of an
   * existing user with that e-mail. Idempotent.
   */
  async upsertAdmin(email: string, password: string, ulevel: 100 | 150): Promise<'created' | 'updated'> {
    const passwordHash = await hashPassword(password);
    const existing = await this.deps.repo.findByEmail(email);
    if (existing) {
      await this.deps.repo.update(existing.id, {
        passwordHash,
        ulevel,
        source: UserSource.EXTERNAL,
        activatedAt: existing.activatedAt ?? this.now(),
      });
      return 'updated';
    }
    await this.deps.repo.insert({
      email,
      passwordHash,
      ulevel,
      source: UserSource.EXTERNAL,
      activatedAt: this.now(),
    });
    return 'created';
  }

  /** Creates the first super admin when there is none; returns the generated password when one was made. */
  async ensureFirstAdmin(
    email: string,
    password: string | undefined,
  ): Promise<{ created: boolean; password?: string }> {
    if ((await this.deps.repo.countByLevel(UserLevel.SUPER_ADMIN)) > 0) return { created: false };
    const chosen = password ?? generatePassword();
    await this.upsertAdmin(email, chosen, 100);
    return password ? { created: true } : { created: true, password: chosen };
  }
}

function tooManyAttempts(lang: MessageLang, minutes: number): string {
  if (lang === 'zh') return `尝试次数过多，请在 ${minutes} 分钟后再试`;
  if (lang === 'fr') return `Trop de tentatives : réessayez dans ${minutes} minutes`;
  return `Too many sign-in attempts: try again in ${minutes} minutes`;
}

function stillOwnsApps(lang: MessageLang, n: number): string {
  if (lang === 'zh') return `该管理员仍拥有 ${n} 个应用`;
  if (lang === 'fr') return `L’administrateur possède encore ${n} applications`;
  return `The administrator still has ${n} apps`;
}
