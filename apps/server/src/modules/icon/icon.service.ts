import { ErrorCodes, IMAGE_RULES, type IconSetting, type MessageLang } from '@beacon/shared';
import { ApiError, fieldError } from '../../lib/api-error';
import type { FilesService } from '../files';
import type { IconRepository } from './icon.repository';

const colorNeedsIcon = (lang: MessageLang) =>
  lang === 'zh'
    ? 'color：请先上传图标再设置颜色'
    : lang === 'fr'
      ? 'color : ajoutez d’abord une icône avant de choisir sa couleur'
      : 'color: upload an icon before choosing its colour';

/** The app's default notification small icon (PNG 60×60, ≤ 10 KB) and its tint colour. */
export class IconService {
  constructor(
    private readonly repo: IconRepository,
    private readonly files: FilesService,
  ) {}

  async get(appId: number): Promise<IconSetting> {
    const row = await this.repo.get(appId);
    if (!row) throw new ApiError(ErrorCodes.APP_UNKNOWN);
    return row;
  }

  /** Checks and stores an uploaded small icon; returns its /files URL. */
  async upload(data: Buffer, filename: string, userId: number): Promise<{ url: string; name: string }> {
    const stored = await this.files.storeImage(data, IMAGE_RULES.smallIcon, 'icon', filename, userId);
    return { url: stored.url, name: stored.name };
  }

  /** Sets icon and colour; the icon must be an uploaded file that passes the small-icon rule (checked again here). */
  async edit(appId: number, icon: string, color: string): Promise<IconSetting> {
    if (icon === '' && color !== '') throw new ApiError(ErrorCodes.APP_ICON_EMPTY, colorNeedsIcon);
    if (icon !== '') {
      const sha = /^\/files\/([0-9a-f]{64})\./.exec(icon)?.[1] ?? '';
      const file = await this.files.get(sha);
      if (!file) throw fieldError('icon', 'is not an uploaded file');
      this.files.checkImage(file.data, IMAGE_RULES.smallIcon, 'icon');
    }
    if (!(await this.repo.get(appId))) throw new ApiError(ErrorCodes.APP_UNKNOWN);
    await this.repo.set(appId, icon, color);
    return { icon, color };
  }
}
