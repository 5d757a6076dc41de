import { ATTRIBUTE_LIMITS, ATTRIBUTE_TYPE_NAMES, type AttributeList } from '@beacon/shared';
import type { UserAttributesRepository } from './user-attributes.repository';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** The app settings' attributes card: the app's attributes with the limits, and deleting one. */
export class AttributeSettingsService {
  constructor(private readonly repo: UserAttributesRepository) {}

  async list(appId: number): Promise<AttributeList> {
    const [rows, users] = await Promise.all([this.repo.list(appId), this.repo.countUsers(appId)]);
    return {
      rows: rows.map((r) => ({
        key: r.key,
        type: ATTRIBUTE_TYPE_NAMES[r.type],
        createdAt: iso(r.createdAt),
        lastWrittenAt: iso(r.lastWrittenAt),
      })),
      users,
      limits: { ...ATTRIBUTE_LIMITS },
    };
  }

  /**
   * Deletes an attribute: its definition and its value on every user, at once. A device API process that remembers the
   * old definition asks the database again before it refuses a write by it.
   */
  remove(appId: number, key: string): Promise<boolean> {
    return this.repo.remove(appId, key);
  }
}
