import { z } from 'zod';

/** The body every /tcm call answers: status 200 is success, any other value is a code of error-codes.ts. */
export const Envelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.number().int(), msg: z.string(), data: data.optional() });

export type EnvelopeOf<T> = { status: number; msg: string; data?: T };

/** Field problems named in an error answer: `data.fields` of a status 400 answer. */
export const FieldError = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldError>;
