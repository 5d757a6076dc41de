import type { TemplateDeviceValues } from '@beacon/shared';
import type { Database } from '../../db/client';
import { deviceTemplateValues, type TemplateValues } from '../../delivery/engine';

/** A device's template values, read with the very SQL the delivery engine reads a batch's rows with. */
export class TemplatesRepository {
  constructor(
    private readonly database: Database,
    private readonly values: TemplateValues,
  ) {}

  deviceValues(appId: number, gaid: string): Promise<TemplateDeviceValues | undefined> {
    return deviceTemplateValues(this.database, this.values, appId, gaid);
  }
}
