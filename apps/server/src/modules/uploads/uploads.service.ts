import { IMAGE_RULES, type ImageKind, type StoredImage } from '@beacon/shared';
import { fieldError } from '../../lib/api-error';
import type { FilesService } from '../files';
import { decodePng, isSolidOnTransparent } from './png-decode';

/** A `/files/<sha>.<ext>` path, alone or inside an absolute URL. */
const FILE_PATH = /^(?:https?:\/\/[^/]+)?\/files\/([0-9a-f]{64})\.(png|jpg|webp)$/;

/** Images uploaded while composing (icons, pictures) and the small-icon colour check. */
export class UploadsService {
  constructor(private readonly files: FilesService) {}

  /** Checks an image against IMAGE_RULES[kind] (status 400 naming `file` otherwise) and stores it. */
  async uploadImage(data: Buffer, filename: string, kind: ImageKind, userId: number): Promise<StoredImage> {
    const stored = await this.files.storeImage(data, IMAGE_RULES[kind], 'file', filename, userId);
    return { url: stored.url, name: stored.name, width: stored.width ?? 0, height: stored.height ?? 0 };
  }

  /**
   * checkIconColorTransparent: 1 when the uploaded PNG is one solid colour on transparency, 0 when it is not (or is
   * not a readable PNG). A URL that names no uploaded file is refused with status 400.
   */
  async checkSmallIcon(url: string): Promise<0 | 1> {
    const match = FILE_PATH.exec(url);
    const file = match?.[1] ? await this.files.get(match[1]) : undefined;
    if (!file) throw fieldError('smallIconUrl', 'must be an uploaded icon (/files/…)');
    if (file.ext !== 'png') return 0;
    try {
      return isSolidOnTransparent(decodePng(file.data)) ? 1 : 0;
    } catch {
      return 0;
    }
  }
}
