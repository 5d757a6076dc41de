import { MaterialStatus as S, type MessageLang } from '@beacon/shared';
import type { ReviewNoticeMaterial, ReviewNotices } from '../../platform/review-notices';
import type { AppRecord } from '../apps';
import type { MaterialsRepository } from './materials.repository';

interface NoticeLog {
  warn(obj: object, msg: string): void;
}

/** Who acted, and the language of their request. */
export interface NoticeActor {
  email: string;
  lang: MessageLang;
}

/** A material a change answered, with what a mail names of it. */
export interface ChangedMaterial {
  materialId: number;
  status: number;
  materialType: number;
  title: string;
}

type NoticeApp = Pick<AppRecord, 'id' | 'title'>;

/**
 * The review mails of materials (issue 14 item 4; docs/materials.md, "The review"), through the shared ReviewNotices:
 * the app's reviewers hear of materials that start waiting (3), the author of a pass or a reject. Fire and forget:
 * nothing here is awaited by the request or fails it; a mail that cannot be sent is logged.
 */
export class MaterialNotices {
  constructor(private readonly deps: { notices: ReviewNotices; repo: MaterialsRepository; log: NoticeLog }) {}

  /**
   * After create, API create, edit or import: the materials now waiting for review, to every reviewer of the app but
   * the author, in the author's language — one mail per reviewer, an import's materials all in it.
   */
  waiting(app: NoticeApp, changed: readonly ChangedMaterial[], author: NoticeActor): void {
    const waiting = changed
      .filter((m) => m.status === S.AWAITING_AUDIT)
      .map((m) => this.subject(app, m.materialId, m.materialType, m.title));
    if (waiting.length > 0) void this.deps.notices.pending(waiting, author.email, author.lang);
  }

  /**
   * After a pass (1) or a reject (4, with the reason): to the material's author (its owner) in the reviewer's
   * language, as the message review does; not when the reviewer decided their own material.
   */
  decided(app: NoticeApp, materialId: number, status: number, reason: string, reviewer: NoticeActor): void {
    void this.mailAuthor(app, materialId, status, reason, reviewer).catch((err: unknown) =>
      this.deps.log.warn({ err, appId: app.id, materialId }, 'review mail not sent'),
    );
  }

  private async mailAuthor(
    app: NoticeApp,
    materialId: number,
    status: number,
    reason: string,
    reviewer: NoticeActor,
  ): Promise<void> {
    const m = await this.deps.repo.find(app.id, materialId);
    if (!m || m.ownerEmail.toLowerCase() === reviewer.email.toLowerCase()) return;
    const s = this.subject(app, m.id, m.materialType, m.title);
    if (status === S.PASSED) await this.deps.notices.passed(s, m.ownerEmail, reviewer.email, reviewer.lang);
    else if (status === S.REJECTED)
      await this.deps.notices.rejected(s, m.ownerEmail, reviewer.email, reason, reviewer.lang);
  }

  private subject(app: NoticeApp, id: number, materialType: number, title: string): ReviewNoticeMaterial {
    return { kind: 'material', appId: app.id, appTitle: app.title, id, materialType, title };
  }
}
