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
