import type { Database } from '../db/client';
import { ATTRIBUTE_TYPE_NAMES, type AttributeType } from '@beacon/shared';

/**
 * The values of devices' users that templates read (issue 33 §4), wired once in app.ts for the delivery engine, the
 * save-time check and the compose preview: the app's attribute definitions (app_attributes, issue 33 §1) are the
 * variables a template may name by bare key, and each device row of a batch comes with its user's attributes and
 * external id through one join (devices.user_id → app_users), never a query per device.
 */
export function userTemplateValues(database: Database) {
  return {
    // the delivery engine's port TemplateValues (delivery/engine/ports.ts), which platform/ may not import
    // read at a save, a preview or a send's start (one indexed read): a key the app just wrote is usable at once
    attributeKeys: async (appId: number): Promise<Map<string, string>> => {
      const rows = await database.query<{ key: string; type: number }>(
        'SELECT key, type FROM app_attributes WHERE app_id = $1 ORDER BY key',
        [appId],
      );
      return new Map(rows.map((r) => [r.key, ATTRIBUTE_TYPE_NAMES[r.type as AttributeType] ?? 'string']));
    },
    deviceSql: {
      join: 'LEFT JOIN app_users tpl_u ON tpl_u.id = d.user_id',
      attributes: "COALESCE(tpl_u.attributes, '{}'::jsonb)",
      userId: 'tpl_u.external_id',
    },
  };
}
