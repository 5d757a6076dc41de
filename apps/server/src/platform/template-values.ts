import type { Database } from '../db/client';

/**
 * The values of devices' users that templates read (issue 33 §4), wired once in app.ts for the delivery engine, the
 * save-time check and the compose preview. Until apps have users and attributes (app_users, app_attributes), none: a
 * template names the device's fields (`device.*`) and `user.id`, which renders as missing. With them, this is the one
 * place to change: `attributeKeys` reads the app's attribute definitions, and `deviceSql` becomes
 * `{ join: 'LEFT JOIN app_users u ON u.id = d.user_id', attributes: "COALESCE(u.attributes, '{}'::jsonb)",
 * userId: 'u.external_id' }` (joined to the batch's device rows: one join, never a query per device).
 */
export function userTemplateValues(database: Database) {
  void database;
  return {
    // the delivery engine's port TemplateValues (delivery/engine/ports.ts), which platform/ may not import
    attributeKeys: (_appId: number): Promise<Map<string, string>> =>
      Promise.resolve(new Map<string, string>()),
    deviceSql: { join: '', attributes: `'{}'::jsonb`, userId: 'NULL::text' },
  };
}
