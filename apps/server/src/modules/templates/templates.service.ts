import { templateVariables, type TemplateValuesAnswer } from '@beacon/shared';
import { fieldError } from '../../lib/api-error';
import type { TemplateValues } from '../../delivery/engine';
import type { TemplatesRepository } from './templates.repository';

/** The compose preview's values (issue 33 §4): the app's variables, and one device's values. */
export class TemplatesService {
  constructor(
    private readonly repo: Pick<TemplatesRepository, 'deviceValues'>,
    private readonly users: Pick<TemplateValues, 'attributeKeys'>,
  ) {}

  async values(appId: number, instanceId: string | undefined): Promise<TemplateValuesAnswer> {
    const variables = [...templateVariables((await this.users.attributeKeys(appId)).keys())].sort();
    if (instanceId === undefined) return { variables, values: null };
    // a GAID of another app is unknown here, as any GAID this app has not registered
    const values = await this.repo.deviceValues(appId, instanceId);
    if (!values) throw fieldError('instanceId', 'is not a device of this app');
    return { variables, values: { ...values, attributes: values.attributes ?? {} } };
  }
}
