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

/** The message a notice is about. */
export interface ReviewNoticeMessage {
  appId: number;
  /** the app's title, when the caller has it (else read) */
  appTitle?: string;
  id: number;
  /** 1 notification, 2 cross, 4 A/B test: the console opens the matching review dialog */
  msgType: number;
  title: string;
}

/** The project levels mailed when something waits for review: the owner and the managers (who may run or reject). */
const REVIEWER_LEVELS: readonly number[] = [ProjectLevel.OWNER, ProjectLevel.MANAGER];

/**
 * The review mails of issue 14 item 4, through the configured mailer (SMTP, or the log): to the app's reviewers when
 * a message starts waiting for them (the messages module, at save), to its author when it is run or rejected (the
 * reviews module). Shared by the modules that review (messages now, materials next), owned by none. A notice never
 * fails what caused it: each method resolves once its mails are handed over or have failed, failures only logged.
 */
export class ReviewNotices {
  constructor(
    private readonly deps: { database: Database; mailer: Mailer; publicUrl: string; log: NoticeLog },
  ) {}

  /** The console link that opens the message's review (switching app if needed; spec part 2 §2 data/review). */
  link(m: Pick<ReviewNoticeMessage, 'appId' | 'id' | 'msgType'>): string {
    return `${this.deps.publicUrl}/app/${m.appId}/data/review?msgId=${m.id}&msgType=${m.msgType}`;
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

  /** Mails every reviewer of the app that `m`, saved by `author`, waits for them. */
  async pending(m: ReviewNoticeMessage, author: string, lang: MessageLang): Promise<void> {
    await this.safely(m, 'pending', async () => {
      const subject = await this.subject(m);
      const to = (await this.reviewers(m.appId)).filter((e) => e.toLowerCase() !== author.toLowerCase());
      await Promise.all(
        to.map((r) => this.send(m, () => this.deps.mailer.send(reviewPendingMail(r, subject, author, lang)))),
      );
    });
  }

  /** Mails the author that `reviewer` ran their message. */
  async passed(m: ReviewNoticeMessage, author: string, reviewer: string, lang: MessageLang): Promise<void> {
    await this.safely(m, 'passed', async () => {
      const subject = await this.subject(m);
      await this.deps.mailer.send(reviewPassedMail(author, subject, reviewer, lang));
    });
  }

  /** Mails the author that `reviewer` rejected their message, and why. */
  async rejected(
    m: ReviewNoticeMessage,
    author: string,
    reviewer: string,
    reason: string,
    lang: MessageLang,
  ): Promise<void> {
    await this.safely(m, 'rejected', async () => {
      const subject = await this.subject(m);
      await this.deps.mailer.send(reviewRejectedMail(author, subject, reviewer, reason, lang));
    });
  }

  private async subject(m: ReviewNoticeMessage): Promise<ReviewMailSubject> {
    let appTitle = m.appTitle;
    if (appTitle === undefined) {
      const [row] = await this.deps.database.query<{ title: string }>(
        'SELECT title FROM apps WHERE id = $1',
        [m.appId],
      );
      appTitle = row?.title ?? String(m.appId);
    }
    return { appTitle, msgId: m.id, title: m.title, link: this.link(m) };
  }

  /** One mail: a failure is logged and does not stop the others. */
  private async send(m: ReviewNoticeMessage, fn: () => Promise<void>): Promise<void> {
    await fn().catch((err: unknown) =>
      this.deps.log.warn({ err, appId: m.appId, msgId: m.id }, 'review mail not sent'),
    );
  }

  private async safely(m: ReviewNoticeMessage, what: string, fn: () => Promise<void>): Promise<void> {
    await fn().catch((err: unknown) =>
      this.deps.log.warn({ err, appId: m.appId, msgId: m.id }, `review mail (${what}) not sent`),
    );
  }
}
