import {
  ErrorCodes,
  GAID_PATTERN,
  TAG_CODE_PATTERN,
  TagValidity,
  type Tag,
  type TagCreateRequest,
  type TagEditRequest,
  type TagImportResult,
  type TagListRequest,
  type TagVerifyResult,
} from '@beacon/shared';
import { ApiError, fieldError } from '../../lib/api-error';
import { isUniqueViolation } from '../../db/errors';
import type { TagRecord, TagsRepository, TagWithCount } from './tags.repository';

export function toTag(row: TagRecord, deviceCount = 0): Tag {
  return {
    id: row.id,
    appId: row.appId,
    name: row.name,
    nameEn: row.nameEn,
    code: row.code,
    desc: row.description,
    flag: row.flag,
    ownerMail: row.ownerEmail,
    deviceCount,
    updateTime: row.updatedAt.toISOString(),
  };
}

const USED = 'is used by another tag of this app';

/** Tags and audience packages: the code check, create, edit, delete, and tagging devices from GAID files. */
export class TagsService {
  /** `lists`: the repository the list screen reads (the replica's, when there is one). */
  constructor(
    private readonly repo: TagsRepository,
    private readonly lists: TagsRepository = repo,
  ) {}

  /**
   * 1 valid: matches the pattern and no other tag of the app uses it; 2 invalid, with the reason. `exceptId`, the tag
   * being edited, must be a tag of this app (404 otherwise: another app's tag id is not looked at).
   */
  async verify(appId: number, code: string, exceptId?: number): Promise<TagVerifyResult> {
    if (exceptId !== undefined && !(await this.repo.findById(appId, exceptId)))
      throw new ApiError(ErrorCodes.NOT_FOUND);
    if (!TAG_CODE_PATTERN.test(code))
      return {
        validity: TagValidity.INVALID,
        reason: 'must start with a letter and hold only letters, digits and _ (60 at most)',
      };
    if (await this.repo.codeTaken(appId, code, exceptId))
      return { validity: TagValidity.INVALID, reason: USED };
    return { validity: TagValidity.VALID, reason: '' };
  }

  async list(appId: number, q: TagListRequest): Promise<{ results: Tag[]; total: number }> {
    const { rows, total } = await this.lists.list(appId, q);
    return { results: rows.map((r: TagWithCount) => toTag(r, r.deviceCount)), total };
  }

  async create(appId: number, input: TagCreateRequest, ownerEmail: string): Promise<Tag> {
    await this.requireFreeCode(appId, input.code);
    try {
      const row = await this.repo.insert({
        appId,
        name: input.name,
        nameEn: input.nameEn,
        code: input.code,
        description: input.desc,
        flag: input.flag,
        ownerEmail,
      });
      return toTag(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('code', USED);
      throw error;
    }
  }

  async edit(appId: number, input: TagEditRequest): Promise<Tag> {
    const current = await this.repo.findById(appId, input.id);
    if (!current) throw new ApiError(ErrorCodes.NOT_FOUND);
    if (current.flag !== input.flag) throw fieldError('flag', 'cannot change once the tag exists');
    if (current.code !== input.code) await this.requireFreeCode(appId, input.code, input.id);
    try {
      const row = await this.repo.update(appId, input.id, {
        name: input.name,
        nameEn: input.nameEn,
        code: input.code,
        description: input.desc,
      });
      if (!row) throw new ApiError(ErrorCodes.NOT_FOUND);
      const [withCount] = (await this.repo.list(appId, { name: '', id: row.id, pageNo: 1, pageSize: 1 }))
        .rows;
      return toTag(row, withCount?.deviceCount ?? 0);
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('code', USED);
      throw error;
    }
  }

  async remove(appId: number, id: number): Promise<void> {
    if (!(await this.repo.remove(appId, id))) throw new ApiError(ErrorCodes.NOT_FOUND);
  }

  /**
   * Tags the devices named in a text file (one GAID per line; blank lines ignored): counts lines, newly tagged,
   * already tagged, unknown to the app and malformed ones. Nothing is written when the tag is missing.
   */
  async importGaids(appId: number, tagId: number, text: string): Promise<TagImportResult> {
    if (!(await this.repo.findById(appId, tagId))) throw new ApiError(ErrorCodes.NOT_FOUND);
    const lines = text
      .split(/\r?\n/)
      .map((l) => l.trim().replace(/^\uFEFF/, ''))
      .filter((l) => l !== '');
    const valid = new Set<string>();
    let malformed = 0;
    for (const line of lines) {
      if (GAID_PATTERN.test(line)) valid.add(line.toLowerCase());
      else malformed++;
    }
    const { matched, inserted } = await this.repo.tagDevices(appId, tagId, [...valid]);
    return {
      lines: lines.length,
      imported: inserted,
      already: matched - inserted,
      unknown: valid.size - matched,
      malformed,
    };
  }

  private async requireFreeCode(appId: number, code: string, exceptId?: number): Promise<void> {
    const check = await this.verify(appId, code, exceptId);
    if (check.validity !== TagValidity.VALID) throw fieldError('code', check.reason);
  }
}
