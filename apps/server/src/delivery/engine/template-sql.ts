import type { Queryable } from '../../db/client';
import type { TemplateValues } from './ports';

/**
 * The SQL of a device's template values (issue 33 §4) for a row of `devices d`: `select` is one json column `tpl`
 * shaped as @beacon/shared's TemplateDevice (device fields, user id, attributes), `join` what it needs joined. Read
 * only for a message with templates: a message without any reads its pages as before.
 */
export function deviceTemplateSql(values: TemplateValues): { select: string; join: string } {
  const { join, attributes, userId } = values.deviceSql;
  return {
    select: `json_build_object('device', json_build_object('country', d.country, 'language', d.language,
        'brand', d.brand, 'model', d.model, 'os_version', d.os_version, 'app_version', d.app_version,
        'app_version_code', d.app_version_code, 'operator', d.operator, 'timezone', d.timezone),
      'userId', ${userId}, 'attributes', ${attributes}) AS tpl`,
    join,
  };
}

/** No user values: templates read the device's fields only (the engine's default; app.ts wires the app's own). */
export const noTemplateValues: TemplateValues = {
  attributeKeys: () => Promise.resolve(new Map()),
  deviceSql: { join: '', attributes: `'{}'::jsonb`, userId: 'NULL::text' },
};

/**
 * One device's template values by its app and GAID, read with deviceTemplateSql as a batch's rows are: the compose
 * preview's "as device" and missed-push recovery's rendering. undefined for a device the app does not have.
 */
export async function deviceTemplateValues<T>(
  db: Queryable,
  values: TemplateValues,
  appId: number,
  gaid: string,
): Promise<T | undefined> {
  const sql = deviceTemplateSql(values);
  const [row] = await db.query<{ tpl: T }>(
    `SELECT ${sql.select} FROM devices d ${sql.join} WHERE d.app_id = $1 AND d.gaid = $2::uuid`,
    [appId, gaid],
  );
  return row?.tpl;
}
