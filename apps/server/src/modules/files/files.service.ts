import { createHash } from 'node:crypto';
import { ErrorCodes, type ImageRule, type MessageLang } from '@beacon/shared';
import { ApiError } from '../../lib/api-error';
import { displayFileName } from '../../lib/file-name';
import { imageInfo } from '../../lib/image-info';
import { imageDefect } from '../../lib/image-integrity';
import type { FileRecord, FilesRepository } from './files.repository';

const MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  txt: 'text/plain; charset=utf-8',
  json: 'application/json',
};

export interface StoredFile {
  sha256: string;
  /** Site-relative URL (`/files/<sha>.<ext>`); push payloads make it absolute with PUBLIC_URL. */
  url: string;
  name: string;
  width?: number;
  height?: number;
}

type Problem = 'type' | 'size' | 'dimensions' | 'square' | 'broken';

const TEXT: Record<Problem, Record<MessageLang, (rule: ImageRule) => string>> = {
  type: {
    en: (r) => `only ${r.types.join(', ')} images are allowed`,
    zh: (r) => `仅允许 ${r.types.join('、')} 图片`,
    fr: (r) => `seules les images ${r.types.join(', ')} sont acceptées`,
  },
  size: {
    en: (r) => `is too large (at most ${r.maxBytes / 1024} KB)`,
    zh: (r) => `过大（最多 ${r.maxBytes / 1024} KB）`,
    fr: (r) => `est trop volumineuse (${r.maxBytes / 1024} Ko au plus)`,
  },
  dimensions: {
    en: (r) => `must be ${r.width}×${r.height} pixels`,
    zh: (r) => `尺寸必须为 ${r.width}×${r.height} 像素`,
    fr: (r) => `doit mesurer ${r.width}×${r.height} pixels`,
  },
  square: { en: () => 'must be square', zh: () => '必须为正方形', fr: () => 'doit être carrée' },
  broken: {
    en: () => 'is truncated or damaged: it cannot be read as a whole image, upload the complete file again',
    zh: () => '已截断或损坏：无法读取完整图片，请重新上传完整文件',
    fr: () =>
      'est tronquée ou endommagée : elle ne peut pas être lue en entier, importez à nouveau le fichier complet',
  },
};

/** Status 400 naming `field` (and the file, when its name is known) with what is wrong. */
function refuse(field: string, problem: Problem, rule: ImageRule, name?: string, detail?: string): ApiError {
  const subject = name ? `${field} "${name}"` : field;
  const why = detail ? ` (${detail})` : '';
  return new ApiError(
    ErrorCodes.PARAMETER_ILLEGAL,
    (lang) => `${subject} ${TEXT[problem][lang](rule)}${why}`,
    {
      fields: [{ field, message: `${name ? `"${name}" ` : ''}${TEXT[problem].en(rule)}${why}` }],
    },
  );
}

/** Stores uploads content-addressed in the database and checks images against the spec's rules. */
export class FilesService {
  constructor(private readonly repo: FilesRepository) {}

  /**
   * Checks an image against a rule, then that the whole file is there (a PNG inflates to every row, a JPEG reaches
   * its EOI, a WebP fills its RIFF size: lib/image-integrity.ts); throws status 400 naming `field` (and the file's
   * display name `name`, when given) with what is wrong.
   */
  checkImage(
    data: Buffer,
    rule: ImageRule,
    field: string,
    name?: string,
  ): { type: 'png' | 'jpg' | 'webp'; width: number; height: number } {
    const info = imageInfo(data);
    if (!info || !rule.types.includes(info.type)) throw refuse(field, 'type', rule);
    if (data.length > rule.maxBytes) throw refuse(field, 'size', rule);
    if (rule.width !== undefined && (info.width !== rule.width || info.height !== rule.height))
      throw refuse(field, 'dimensions', rule);
    if (rule.square && info.width !== info.height) throw refuse(field, 'square', rule);
    const defect = imageDefect(data, info.type);
    if (defect) throw refuse(field, 'broken', rule, name, defect);
    return info;
  }

  async storeImage(
    data: Buffer,
    rule: ImageRule,
    field: string,
    name: string,
    userId: number | null,
  ): Promise<StoredFile> {
    const info = this.checkImage(data, rule, field, displayFileName(name));
    return this.store(data, info.type, name, userId, info);
  }

  /** Stores bytes under their SHA-256; `name` (as the client sent it) is kept as a display name only. */
  async store(
    data: Buffer,
    ext: string,
    name: string,
    userId: number | null,
    dims?: { width: number; height: number },
  ): Promise<StoredFile> {
    const sha256 = createHash('sha256').update(data).digest('hex');
    const shown = displayFileName(name);
    await this.repo.put({
      sha256,
      ext,
      mime: MIME[ext] ?? 'application/octet-stream',
      size: data.length,
      width: dims?.width ?? null,
      height: dims?.height ?? null,
      name: shown,
      data,
      createdBy: userId,
    });
    return { sha256, url: `/files/${sha256}.${ext}`, name: shown, ...(dims ?? {}) };
  }

  async get(sha256: string): Promise<FileRecord | undefined> {
    return /^[0-9a-f]{64}$/.test(sha256) ? this.repo.get(sha256) : undefined;
  }
}
