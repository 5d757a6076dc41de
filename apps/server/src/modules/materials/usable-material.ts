import type { Database } from '../../db/client';
import { materialNotFound as notFound } from './material-content';
import { MaterialsRepository } from './materials.repository';

/** A material a message may be composed from: its type and national attributes (loss 109 at send time). */
export interface UsableMaterial {
  id: number;
  materialType: number;
  nationalAttributes: { pushCountrySet: string[]; notPushCountrySet: string[] };
}

/**
 * The material `materialId` for a message of app `appId`: MATERIAL_NOT_FOUND (25102) unless it is the app's and
 * passed (status 1) — not waiting for review, rejected, in the recycle bin or deleted permanently.
 */
export async function usableMaterial(
  database: Database,
  appId: number,
  materialId: number,
): Promise<UsableMaterial> {
  const m = await new MaterialsRepository(database).usable(appId, materialId);
  if (!m) throw notFound();
  return {
    id: m.id,
    materialType: m.materialType,
    nationalAttributes: { pushCountrySet: m.pushCountrySet, notPushCountrySet: m.notPushCountrySet },
  };
}
