import {
  ErrorCodes,
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
import { KeyedMutex } from '../../lib/keyed-mutex';
import { generatePassword, hashPassword, verifyPassword, verifyPasswordOrDummy } from '../../lib/password';
import { hashToken, newToken } from '../../lib/tokens';
import type { Mailer } from '../../mail/mailer';
import { accountExistsMail, activationMail, resetMail } from '../../mail/templates';
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

/**
 * How long the next sign-in on an account (or trusted device) must wait after these failures, oldest first: free
 * for the first LIMITS.loginFailuresPerEmail, then 1 s after the last failure, doubling with each further one, at
 * most LIMITS.loginDelayMaxMs. Zero or less: no wait.
 */
export function accountWaitMs(failures: readonly Date[], now: Date): number {
  const extra = failures.length - LIMITS.loginFailuresPerEmail;
  const last = failures[failures.length - 1];
  if (extra < 0 || !last) return 0;
  const delay = Math.min(LIMITS.loginDelayBaseMs * 2 ** extra, LIMITS.loginDelayMaxMs);
  return last.getTime() + delay - now.getTime();
}

/**
 * How long the next sign-in from a client address must wait after these failures of the window, oldest first:
 * until enough of them leave the window for the count to be under LIMITS.loginFailuresPerClient.
 */
export function clientWaitMs(failures: readonly Date[], now: Date): number {
  const leaving = failures[failures.length - LIMITS.loginFailuresPerClient];
  return leaving ? leaving.getTime() + LIMITS.loginFailureWindowMs - now.getTime() : 0;
}

/** The seconds a refused sign-in (1007) must wait, as its `data` says. */
export function retryAfterSecondsOf(err: unknown): number | undefined {
  if (!(err instanceof ApiError) || err.code !== ErrorCodes.TOO_MANY_ATTEMPTS) return undefined;
  const data = err.data as { retryAfterSeconds?: unknown } | undefined;
  return typeof data?.retryAfterSeconds === 'number' ? data.retryAfterSeconds : undefined;
}

/** Accounts, sessions, activation and password reset, administrators. */
export class UsersService {
  private readonly now: () => Date;
  /** Sign-in attempts run one at a time per throttling key, so a burst cannot pass the checks all at once. */
  private readonly attempts = new KeyedMutex();

  constructor(private readonly deps: UsersServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * Checks e-mail and password. Failures slow the next attempts down (1007 with the seconds to wait): per account
   * (`accountWaitMs`), and per client address (`clientWaitMs`). `trustedDevice` is the id of the browser's
   * trusted-device cookie for this e-mail (it signed in before): its attempts are counted per that cookie instead of
   * per e-mail, so strangers' failures on an account never lock out its owner's browsers. Unknown e-mails cost the
   * same argon2 work as known ones.
   */
  async login(
    email: string,
    password: string,
    client: ClientInfo,
    trustedDevice?: string,
  ): Promise<LoginResult> {
    const { repo } = this.deps;
    const accountKey = trustedDevice ? `device:${hashToken(trustedDevice)}` : `email:${email}`;
    const clientKey = `ip:${client.ip}`;
    return this.attempts.run([accountKey, clientKey], async () => {
      const now = this.now();
      const ago = (ms: number) => new Date(now.getTime() - ms);
      const [byAccount, byClient] = await Promise.all([
        repo.failureTimes(accountKey, ago(LIMITS.loginFailureMemoryMs)),
        repo.failureTimes(clientKey, ago(LIMITS.loginFailureWindowMs)),
      ]);
      const waitMs = Math.max(accountWaitMs(byAccount, now), clientWaitMs(byClient, now));
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw new ApiError(ErrorCodes.TOO_MANY_ATTEMPTS, (lang) => tooManyAttempts(lang, seconds), {
          retryAfterSeconds: seconds,
        });
      }
      const user = await repo.findByEmail(email);
      const ok = await verifyPasswordOrDummy(user?.passwordHash, password);
      if (!user || !ok) {
        await repo.recordFailures([accountKey, clientKey], now);
        // now and then, forget failures too old to count for anything
        if (Math.random() < 0.01) await repo.pruneFailures(ago(LIMITS.loginFailureMemoryMs));
        throw new ApiError(ErrorCodes.WRONG_CREDENTIALS);
      }
      if (!user.activatedAt) throw new ApiError(ErrorCodes.NOT_ACTIVATED);
      await repo.clearFailures(accountKey);
      return { token: await this.openSession(user.id, client), user: toSessionUser(user) };
    });
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

  /**
   * Creates an inactive local account and mails its activation link. The answer is the same whether the e-mail
   * has an account or not (no account probing): for an account still waiting for activation the activation mail
   * goes out again and nothing else changes (the first password stays; a takeover would need the mailbox), for any
   * other account its owner is told by mail that someone tried to register with the address.
   */
  async register(email: string, password: string, lang: MessageLang): Promise<void> {
    if (!this.deps.registrationEnabled) throw new ApiError(ErrorCodes.PERMISSION_DENIED);
    const created = await this.deps.repo.insert({
      email,
      passwordHash: await hashPassword(password),
      source: UserSource.EXTERNAL,
      ulevel: UserLevel.USER,
    });
    if (created) return this.sendActivation(created, lang);
    const existing = await this.deps.repo.findByEmail(email);
    if (!existing) return;
    if (!existing.activatedAt && existing.source === UserSource.EXTERNAL)
      return this.sendActivation(existing, lang);
    const { publicUrl } = this.deps;
    await this.deps.mailer.send(
      accountExistsMail(existing.email, `${publicUrl}/login`, `${publicUrl}/recoverpass`, lang),
    );
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
    if (userId === undefined) throw new ApiError(ErrorCodes.LINK_INVALID);
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
    if (userId === undefined) throw new ApiError(ErrorCodes.LINK_INVALID);
    const user = await this.deps.repo.findById(userId);
    await this.deps.repo.update(userId, {
      passwordHash: await hashPassword(password),
      // the mailbox is proven: a reset also activates a pending account
      activatedAt: user?.activatedAt ?? this.now(),
    });
    await this.deps.repo.revokeUserSessions(userId);
    // and lifts the sign-in wait that failures on the e-mail caused
    if (user) await this.deps.repo.clearFailures(`email:${user.email}`);
  }

  async changePassword(
    user: UserRecord,
    sessionId: string,
    oldPassword: string,
    newPassword: string,
  ): Promise<void> {
    if (!canChangeOwnPassword(user.source)) throw new ApiError(ErrorCodes.SSO_PASSWORD);
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, oldPassword)))
      throw new ApiError(ErrorCodes.WRONG_PASSWORD);
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
    if (input.id !== undefined && !existing) throw new ApiError(ErrorCodes.NOT_FOUND);
    if (existing) {
      if (existing.id === actor.id && input.ulevel !== existing.ulevel)
        throw new ApiError(ErrorCodes.PERMISSION_DENIED);
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
    if (!created) throw new ApiError(ErrorCodes.EMAIL_TAKEN);
    return created.id;
  }

  /** Deletes a user, refused while they own apps. */
  async remove(email: string, actor: UserRecord): Promise<void> {
    const user = await this.deps.repo.findByEmail(email);
    if (!user) throw new ApiError(ErrorCodes.NOT_FOUND);
    if (user.id === actor.id) throw new ApiError(ErrorCodes.DELETE_SELF);
    const owned = await this.deps.countOwnedApps(user.id);
    if (owned > 0) throw new ApiError(ErrorCodes.ADMIN_OWNS_APPS, (lang) => stillOwnsApps(lang, owned));
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
    const existing = await this.deps.repo.findByEmail(email);
    // made by a process that started at the same moment (its insert came between our count and this lookup)
    if (existing?.ulevel === UserLevel.SUPER_ADMIN) return { created: false };
    if (!existing) {
      // several processes may start at once on a new database (beacon api ×N): one insert wins, and only the
      // process whose insert it was reports (and shows) the password it chose
      const inserted = await this.deps.repo.insert({
        email,
        passwordHash: await hashPassword(chosen),
        ulevel: UserLevel.SUPER_ADMIN,
        source: UserSource.EXTERNAL,
        activatedAt: this.now(),
      });
      if (!inserted) return { created: false };
    } else {
      // an existing user made the first super admin: likewise, only the process whose update it was reports
      const promoted = await this.deps.repo.promote(existing.id, UserLevel.SUPER_ADMIN, {
        passwordHash: await hashPassword(chosen),
        source: UserSource.EXTERNAL,
        activatedAt: existing.activatedAt ?? this.now(),
      });
      if (!promoted) return { created: false };
    }
    return password ? { created: true } : { created: true, password: chosen };
  }
}

/** "Try again in …": seconds under two minutes, whole minutes (rounded up) from there. */
function tooManyAttempts(lang: MessageLang, seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const inSeconds = seconds < 120;
  if (lang === 'zh') return `尝试次数过多，请在 ${inSeconds ? `${seconds} 秒` : `${minutes} 分钟`}后再试`;
  if (lang === 'fr') {
    const n = inSeconds ? seconds : minutes;
    const unit = (inSeconds ? 'seconde' : 'minute') + (n > 1 ? 's' : '');
    return `Trop de tentatives de connexion : réessayez dans ${n} ${unit}`;
  }
  const n = inSeconds ? seconds : minutes;
  const unit = (inSeconds ? 'second' : 'minute') + (n > 1 ? 's' : '');
  return `Too many sign-in attempts: try again in ${n} ${unit}`;
}

function stillOwnsApps(lang: MessageLang, n: number): string {
  if (lang === 'zh') return `该管理员仍拥有 ${n} 个应用`;
  if (lang === 'fr') return `L’administrateur possède encore ${n} applications`;
  return `The administrator still has ${n} apps`;
}
