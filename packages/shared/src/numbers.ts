import { z } from 'zod';

/** Digits as a JSON body or a query string sends them: optional minus, digits, optional decimals. */
const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * A number from the input: a JSON number, or a string of digits (query strings and path parameters arrive as
 * strings), then checked by `schema` (e.g. `z.number().int().min(1)`). Unlike `z.coerce.number()` it refuses
 * booleans (`true` is not 1), null, '' and any other type, with `message` ('must be a number').
 */
export function numberInput(): z.ZodPreprocess<z.ZodNumber, number | string>;
export function numberInput<T extends z.ZodType>(
  schema: T,
  message?: string,
): z.ZodPreprocess<T, number | string>;
export function numberInput(
  schema: z.ZodType = z.number(),
  message = 'must be a number',
): z.ZodPreprocess<z.ZodType, number | string> {
  return z.preprocess<unknown, z.ZodType, number | string>((value, ctx) => {
    if (typeof value === 'number') return value;
    if (typeof value === 'string' && NUMBER_TEXT.test(value.trim())) return Number(value.trim());
    ctx.addIssue({ code: 'custom', message, input: value });
    return z.NEVER;
  }, schema);
}

/** A whole number from `min` to `max` from the input (numberInput), with the one message of such a range. */
export const wholeInRange = (min: number, max: number) =>
  numberInput(
    z
      .number()
      .int('must be a whole number')
      .min(min, `must be a whole number from ${min} to ${max}`)
      .max(max, `must be a whole number from ${min} to ${max}`),
    'must be a whole number',
  );
