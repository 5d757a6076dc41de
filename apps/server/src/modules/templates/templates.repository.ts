import type { TemplateDeviceValues } from '@beacon/shared';
import type { Database } from '../../db/client';
import { deviceTemplateSql, type TemplateValues } from '../../delivery/engine';

/** A device's template values, read with the very SQL the delivery engine reads a batch's rows with. */
export class TemplatesRepository {
  private readonly sql: { select: string; join: string };

  constructor(
    private readonly database: Database,
    values: TemplateValues,
  ) {
    this.sql = deviceTemplateSql(values);
  }

  async deviceValues(appId: number, gaid: string): Promise<TemplateDeviceValues | undefined> {
    const [row] = await this.database.query<{ tpl: TemplateDeviceValues }>(
      `SELECT ${this.sql.select} FROM devices d ${this.sql.join} WHERE d.app_id = $1 AND d.gaid = $2::uuid`,
      [appId, gaid],
    );
    return row?.tpl;
  }
}
