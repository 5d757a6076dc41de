import { MemberStatus, ProjectLevel, type MessageLang } from '@beacon/shared';
import type { Database } from '../db/client';
import type { Mailer } from '../mail/mailer';
import {
  reviewPassedMail,
  reviewPendingMail,
  reviewRejectedMail,
  type ReviewMailSubject,
} from '../mail/review-mails';

interface NoticeLog {
  warn(obj: object, msg: string): void;
}

interface NoticeBase {
  appId: number;
  /** the app's title, when the caller has it (else read) */
  appTitle?: string;
  id: number;
  title: string;
}

/** The message a notice is about (`kind` 'message' or left out). */
export interface ReviewNoticeMessage extends NoticeBase {
  kind?: 'message';
  /** 1 notification, 2 cross, 4 A/B test: the console opens the matching review dialog */
  msgType: number;
}

/** The material a notice is about (docs/materials.md, "The review"). */
export interface ReviewNoticeMaterial extends NoticeBase {
  kind: 'material';
  /** 1, 2, 3: the audit list shows one type at a time */
  materialType: number;
}

/** What a notice is about: a message or a material. */
export type ReviewNoticeSubject = ReviewNoticeMessage | ReviewNoticeMaterial;

/** What the console link names. */
type LinkTarget =
  | Pick<ReviewNoticeMessage, 'kind' | 'appId' | 'id' | 'msgType'>
  | Pick<ReviewNoticeMaterial, 'kind' | 'appId' | 'id' | 'materialType'>;

/** The project levels mailed when something waits for review: the owner and the managers (who may run or reject). */
const REVIEWER_LEVELS: readonly number[] = [ProjectLevel.OWNER, ProjectLevel.MANAGER];

/**
 * The review mails of issue 14 item 4, through the configured mailer (SMTP, or the log): to the app's reviewers when
 * a message or a material starts waiting for them (the messages module at save; the materials module at create,
 * edit and import), to its author when it is passed or rejected (the reviews module; the materials module's audit).
 * Shared by the modules that review, owned by none. A notice never fails what caused it: each method resolves once
 * its mails are handed over or have failed, failures only logged.
 */
export class ReviewNotices {
  constructor(
    private readonly deps: { database: Database; mailer: Mailer; publicUrl: string; log: NoticeLog },
  ) {}

  /**
   * The console link that opens the review (switching app if needed): a message's review dialog (spec part 2 §2
   * data/review), a material's review preview in the audit list.
   */
  link(s: LinkTarget): string {
    return s.kind === 'material'
      ? `${this.deps.publicUrl}/app/${s.appId}/material/audit?materialType=${s.materialType}&materialId=${s.id}`
      : `${this.deps.publicUrl}/app/${s.appId}/data/review?msgId=${s.id}&msgType=${s.msgType}`;
  }

  /** The e-mail addresses of the app's reviewers: active members of levels 200 and 300, and the owner. */
  async reviewers(appId: number): Promise<string[]> {
    const rows = await this.deps.database.query<{ email: string }>(
      `SELECT u.email FROM app_members am JOIN users u ON u.id = am.user_id
       WHERE am.app_id = $1 AND am.status = $2 AND am.ulevel = ANY($3::int[])
       UNION
       SELECT u.email FROM apps a JOIN users u ON u.id = a.owner_id WHERE a.id = $1
       ORDER BY 1`,
      [appId, MemberStatus.ACTIVE, REVIEWER_LEVELS],
    );
    return rows.map((r) => r.email);
  }

  /**
   * Mails every reviewer of the app but `author` that `s`, saved by `author`, waits for them; several (of one app and
   * one kind: a material import) in one mail per reviewer.
   */
  async pending(
    s: ReviewNoticeSubject | readonly ReviewNoticeSubject[],
    author: string,
    lang: MessageLang,
  ): Promise<void> {
    const all: readonly ReviewNoticeSubject[] = 'id' in s ? [s] : s;
    const first = all[0];
    if (!first) return;
    const about = all.length === 1 ? first : all;
    await this.safely(about, 'pending', async () => {
      const appTitle = await this.appTitle(first);
      const subjects = all.map((one) => this.subject(one, appTitle));
      const to = (await this.reviewers(first.appId)).filter((e) => e.toLowerCase() !== author.toLowerCase());
      await Promise.all(
        to.map((r) =>
          this.send(about, () => this.deps.mailer.send(reviewPendingMail(r, subjects, author, lang))),
        ),
      );
    });
  }

  /** Mails the author that `reviewer` passed (a message: ran) what they made. */
  async passed(s: ReviewNoticeSubject, author: string, reviewer: string, lang: MessageLang): Promise<void> {
    await this.safely(s, 'passed', async () => {
      const subject = this.subject(s, await this.appTitle(s));
      await this.deps.mailer.send(reviewPassedMail(author, subject, reviewer, lang));
    });
  }

  /** Mails the author that `reviewer` rejected what they made, and why. */
  async rejected(
    s: ReviewNoticeSubject,
    author: string,
    reviewer: string,
    reason: string,
    lang: MessageLang,
  ): Promise<void> {
    await this.safely(s, 'rejected', async () => {
      const subject = this.subject(s, await this.appTitle(s));
      await this.deps.mailer.send(reviewRejectedMail(author, subject, reviewer, reason, lang));
    });
  }

  private async appTitle(s: ReviewNoticeSubject): Promise<string> {
    if (s.appTitle !== undefined) return s.appTitle;
    const [row] = await this.deps.database.query<{ title: string }>('SELECT title FROM apps WHERE id = $1', [
      s.appId,
    ]);
    return row?.title ?? String(s.appId);
  }

  private subject(s: ReviewNoticeSubject, appTitle: string): ReviewMailSubject {
    return { kind: s.kind ?? 'message', appTitle, id: s.id, title: s.title, link: this.link(s) };
  }

  /** What a log line names: the app and the message, the material, or the materials. */
  private about(s: ReviewNoticeSubject | readonly ReviewNoticeSubject[]): object {
    if ('id' in s) return { appId: s.appId, [s.kind === 'material' ? 'materialId' : 'msgId']: s.id };
    return { appId: s[0]?.appId, ids: s.map((one) => one.id) };
  }

  /** One mail: a failure is logged and does not stop the others. */
  private async send(
    s: ReviewNoticeSubject | readonly ReviewNoticeSubject[],
    fn: () => Promise<void>,
  ): Promise<void> {
    await fn().catch((err: unknown) => this.deps.log.warn({ err, ...this.about(s) }, 'review mail not sent'));
  }

  private async safely(
    s: ReviewNoticeSubject | readonly ReviewNoticeSubject[],
    what: string,
    fn: () => Promise<void>,
  ): Promise<void> {
    await fn().catch((err: unknown) =>
      this.deps.log.warn({ err, ...this.about(s) }, `review mail (${what}) not sent`),
    );
  }
}
