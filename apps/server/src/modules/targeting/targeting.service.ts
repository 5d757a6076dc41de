import { randomUUID } from 'node:crypto';
import {
  type ErrorCode,
  ErrorCodes,
  errorWithDetail,
  localizeIssueMessage,
  GaidLink,
  TargetingType,
  uploadLimitBytes,
  type GaidFileRefusal,
  type GaidListInfo,
  type GaidListProblem,
} from '@beacon/shared';
import { ApiError, fieldError } from '../../lib/api-error';
import { displayFileName } from '../../lib/file-name';
import { GaidLineParser } from './gaid-parser';
import { LinkError, type LinkFetcher } from './link-fetcher';
import type { NewGaidList, TargetingRepository } from './targeting.repository';

/** Ids written per statement while a file streams in. */
const BATCH = 20_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface TargetingServiceDeps {
  repo: TargetingRepository;
  /** The app's upload limit in MB (`uploadFileLimit`), undefined when there is no such app. */
  uploadLimitOf: (appId: number) => Promise<number | undefined>;
  /** A fetcher that refuses more than `maxBytes`. */
  fetcher: (maxBytes: number) => LinkFetcher;
}

export interface UploadedFile {
  filename: string;
  stream: AsyncIterable<Buffer>;
}

/** The file-targeting fields of a message or an estimate. */
export interface FileTargeting {
  targetingType: number;
  fileOrigin: string;
  fileLink: string;
}

/** An ApiError of a catalogue code that also names the field (shown there by the console). */
function codeError(
  code: ErrorCode,
  field: string,
  message: string,
  extra: Omit<GaidListProblem, 'fields'> = {},
): ApiError {
  return new ApiError(
    code,
    (lang) => errorWithDetail(code, lang, `${field} ${localizeIssueMessage(message, undefined, lang)}`),
    {
      fields: [{ field, message }],
      ...extra,
    },
  );
}

const limitText = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 100) / 100} MB`;

/**
 * File targeting (types 6 and 7): GAID lists parsed from an uploaded `.txt` file or fetched from a link at save time,
 * stored whole or not at all, and resolved to the list a message names in `fileOrigin`.
 */
export class TargetingService {
  constructor(private readonly deps: TargetingServiceDeps) {}

  private async limitOf(appId: number): Promise<number> {
    const mb = await this.deps.uploadLimitOf(appId);
    if (mb === undefined) throw new ApiError(ErrorCodes.APP_UNKNOWN);
    return uploadLimitBytes(mb);
  }

  /** uploadTxtFile: a `.txt` file within the app's upload limit, every line an advertising id. */
  async importFile(appId: number, userId: number, file: UploadedFile, field = 'file'): Promise<GaidListInfo> {
    const name = displayFileName(file.filename);
    if (!/\.txt$/i.test(name))
      throw codeError(ErrorCodes.PARAMETER_ILLEGAL, field, 'must be a .txt file', { reason: 'not_txt' });
    const limit = await this.limitOf(appId);
    const list: NewGaidList = {
      id: randomUUID(),
      appId,
      source: 6,
      name,
      link: '',
      createdBy: userId,
    };
    const tooBig = () =>
      codeError(ErrorCodes.FILE_TOO_BIG, field, `is larger than the upload limit of ${limitText(limit)}`, {
        reason: 'too_big',
        limit,
      });
    return this.store(list, field, async (push) => {
      let size = 0;
      try {
        for await (const chunk of file.stream) {
          size += chunk.length;
          if (size > limit) throw tooBig();
          await push(chunk);
        }
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooBig();
        throw err;
      }
      return size;
    });
  }

  /** setPreviewUrl: fetches a link now (size checked first, public addresses only) and stores its ids. */
  async importLink(
    appId: number,
    userId: number | null,
    link: string,
    field = 'link',
  ): Promise<GaidListInfo> {
    const limit = await this.limitOf(appId);
    const fetcher = this.deps.fetcher(limit);
    const list: NewGaidList = { id: randomUUID(), appId, source: 7, name: '', link, createdBy: userId };
    return this.store(list, field, async (push) => {
      try {
        const fetched = await fetcher.fetch(link, push);
        list.name = displayFileName(fetched.name);
        return fetched.size;
      } catch (err) {
        throw this.linkError(err, field, limit);
      }
    });
  }

  /** The remote size of a link (HEAD), refused above the app's limit. */
  async linkSize(appId: number, link: string): Promise<{ link: string; size: number | null; limit: number }> {
    const limit = await this.limitOf(appId);
    try {
      return { link, size: await this.deps.fetcher(limit).size(link), limit };
    } catch (err) {
      throw this.linkError(err, 'link', limit);
    }
  }

  async info(appId: number, origin: string): Promise<GaidListInfo> {
    return this.usable(appId, origin, 'origin');
  }

  /**
   * The list a message's file targeting uses: type 6 names an uploaded list; type 7 reuses the list fetched from the
   * same link by upload/link (its `origin`), or fetches the link now. Fetching at save time rather than at send time
   * fixes the audience the operator confirmed (the count, the expected push count) and reports a dead link while
   * the operator is still there.
   */
  async listFor(appId: number, t: FileTargeting, userId: number | null): Promise<string> {
    if (t.targetingType === TargetingType.FILE_UPLOAD) {
      if (!t.fileOrigin)
        throw fieldError('fileOrigin', 'is required: upload a .txt file of advertising ids first');
      return (await this.usable(appId, t.fileOrigin, 'fileOrigin')).origin;
    }
    const link = GaidLink.safeParse(t.fileLink);
    if (!link.success) throw fieldError('fileLink', link.error.issues[0]?.message ?? 'is invalid');
    if (UUID.test(t.fileOrigin)) {
      const found = await this.deps.repo.find(appId, t.fileOrigin);
      if (found?.link === link.data) return found.origin;
    }
    return (await this.importLink(appId, userId, link.data, 'fileLink')).origin;
  }

  private async usable(appId: number, origin: string, field: string): Promise<GaidListInfo> {
    const found = UUID.test(origin) ? await this.deps.repo.find(appId, origin) : undefined;
    if (!found) throw fieldError(field, 'is not an uploaded list of this app');
    return found;
  }

  private linkError(err: unknown, field: string, limit: number): unknown {
    if (!(err instanceof LinkError)) return err;
    const reason = { reason: err.failure };
    switch (err.failure) {
      case 'too_big':
        return codeError(ErrorCodes.FILE_TOO_BIG, field, err.message, {
          ...reason,
          limit,
          ...(err.size === undefined ? {} : { size: err.size }),
        });
      case 'unreachable':
      case 'status':
      case 'timeout':
      case 'redirects':
        return codeError(ErrorCodes.LINK_DOWNLOAD_FAILED, field, err.message, reason);
      default:
        return codeError(ErrorCodes.PARAMETER_ILLEGAL, field, err.message, reason);
    }
  }

  /**
   * Streams ids into a new list while `feed` delivers chunks, then makes it usable in one statement — or removes it
   * when any line is invalid, no id is found or the transfer fails, so no half list is ever usable.
   */
  private async store(
    list: NewGaidList,
    field: string,
    feed: (push: (chunk: Buffer) => Promise<void>) => Promise<number>,
  ): Promise<GaidListInfo> {
    await this.deps.repo.prune(list.appId);
    await this.deps.repo.create(list);
    const parser = new GaidLineParser();
    let added = 0;
    const flush = async (all: boolean) => {
      if (parser.invalidCount > 0)
        parser.take(); // refused anyway: stop writing
      else if (all || parser.pendingCount >= BATCH)
        added += await this.deps.repo.addGaids(list.id, parser.take());
    };
    let size: number;
    try {
      size = await feed(async (chunk) => {
        parser.push(chunk);
        await flush(false);
      });
      parser.end();
      await flush(true);
    } catch (err) {
      await this.deps.repo.discard(list.id);
      throw err;
    }
    if (parser.invalidCount > 0 || parser.validCount === 0) {
      await this.deps.repo.discard(list.id);
      if (parser.validCount === 0 && parser.invalidCount === 0)
        throw codeError(ErrorCodes.PARAMETER_ILLEGAL, field, 'holds no advertising id', { reason: 'empty' });
      throw this.refusal(parser, field);
    }
    const counts = { count: added, duplicates: parser.validCount - added, size };
    await this.deps.repo.finish(list.id, { name: list.name, ...counts });
    return { origin: list.id, name: list.name, link: list.link, source: list.source, ...counts };
  }

  private refusal(parser: GaidLineParser, field: string): ApiError {
    const lines = parser.invalidLines.slice(0, 5).map((l) => l.line);
    const more = parser.invalidCount > lines.length ? ', …' : '';
    const message = `has ${parser.invalidCount} invalid line(s): ${lines.join(', ')}${more} (one advertising id per line, 8-4-4-4-12 hexadecimal digits)`;
    const data: GaidFileRefusal = {
      fields: [{ field, message }],
      reason: 'invalid_lines',
      invalidLines: parser.invalidLines,
      invalidCount: parser.invalidCount,
      validCount: parser.validCount,
    };
    return new ApiError(
      ErrorCodes.GAID_FORMAT,
      (lang) => errorWithDetail(ErrorCodes.GAID_FORMAT, lang, `${field} #${lines.join(', #')}${more}`),
      data,
    );
  }
}
