import { z } from 'zod';
import { defineCall } from '../call';
import { AppIdParams } from './apps';
import { InstanceQuery } from './troubleshooting';

/**
 * Personalised content's preview (issue 33 §4): the variables the app's templates may name (the console checks a
 * template live with them, as the save does) and, for a device named by its GAID, its values (the compose preview
 * renders the message as that device would get it; without a device, with the defaults).
 */
export const TemplateValuesRequest = z.object({
  /** the device to preview as (a test device's GAID, or any GAID of the app); absent: no values */
  instanceId: InstanceQuery.shape.instanceId.optional(),
});
export type TemplateValuesRequest = z.output<typeof TemplateValuesRequest>;

/** One device's values, as a render takes them (@beacon/shared TemplateDevice). */
export const TemplateDeviceValues = z.object({
  device: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  userId: z.string().nullable(),
  attributes: z.record(z.string(), z.unknown()),
});
export type TemplateDeviceValues = z.infer<typeof TemplateDeviceValues>;

export const TemplateValuesAnswer = z.object({
  /** every variable a template of this app may name: its attributes' keys, `device.*`, `user.id` */
  variables: z.array(z.string()),
  values: TemplateDeviceValues.nullable(),
});
export type TemplateValuesAnswer = z.infer<typeof TemplateValuesAnswer>;

export const templateCalls = {
  values: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/msg/template/values',
    summary:
      'The variables templates may name, and a device’s values for the compose preview (any project member)',
    params: AppIdParams,
    body: TemplateValuesRequest,
    data: TemplateValuesAnswer,
  }),
};
