import { z } from 'zod';

/**
 * Forecast before send (issue 12 item 8): how many devices of a message's audience each dispatch-loss reason will take
 * and how many will be sent. The server computes it with the delivery engine's own filters and policy evaluator
 * (uninstalled 1, notifications off 107, inactive 90 days 108, then the platform policies 6, 104, 105, 4, 7), over the
 * devices the audience estimate read: all of them when the estimate is exact, else its hash sample, scaled up.
 *
 * The one rule of its numbers (`scaleFromSample`, used by the server, checked by the schema's refinement):
 * - exact: every count is the number of devices; no error is stated.
 * - sampled: `x` devices of a sample holding the share `fraction` of the app stand for x / fraction devices, rounded to
 *   3 significant digits (`roundEstimate`), with the standard error √(x · (1 − fraction)) / fraction, rounded up: the
 *   audience estimate's own rule (its relative error is √((1 − fraction) / x)). A reason no sampled device hit is
 *   stated as 0 with the error of one device, what the sample may have missed.
 * The forecast is of the whole audience. A push count below its sends caps them (`capForecast`): the engine scans the
 * audience until it has granted that many sends, so it meets each reason's devices in the same proportion — expected
 * sends = pushCount, and each loss (and its error) × pushCount / send.
 */

/** Rounds to 3 significant digits: an estimate shows no more precision than it has. */
export const roundEstimate = (n: number): number => {
  if (n < 1000) return Math.round(n);
  const unit = 10 ** (Math.floor(Math.log10(n)) - 2);
  return Math.round(n / unit) * unit;
};

/** A count found among `x` devices of a sample that holds `fraction` (0 < fraction ≤ 1) of the app, scaled up. */
export function scaleFromSample(x: number, fraction: number): { count: number; error?: number } {
  if (fraction >= 1) return { count: x };
  const f = Math.max(fraction, Number.EPSILON);
  return {
    count: roundEstimate(x / f),
    error: Math.ceil(Math.sqrt(Math.max(1, x) * (1 - f)) / f),
  };
}

/** One dispatch-loss reason of a forecast. */
export const ForecastLoss = z.object({
  type: z.number().int().describe('dispatch-loss code (spec part 2 §8; 108 inactive 90 days)'),
  count: z.number().int().min(0).describe('devices it will take'),
  error: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe('standard error of count, in devices; absent when exact'),
});
export type ForecastLoss = z.infer<typeof ForecastLoss>;

export const MessageForecast = z
  .object({
    exact: z.boolean().describe('true when every device of the audience was evaluated'),
    error: z
      .number()
      .min(0)
      .optional()
      .describe('sampled only: the audience estimate’s relative standard error (0.02 = 2 %)'),
    send: z.number().int().min(0).describe('devices that pass every filter and policy (the whole audience)'),
    sendError: z.number().int().min(0).optional().describe('standard error of send, in devices'),
    losses: z.array(ForecastLoss).describe('one row per reason that takes devices, most first'),
    at: z.string().describe('the instant the filters and policies were evaluated at (ISO 8601)'),
    bestHour: z
      .object({
        devices: z
          .number()
          .int()
          .min(0)
          .describe('devices sent at their best hour (the audience less the control)'),
        control: z.number().int().min(0).describe('devices of the control group, sent at once'),
        crowded: z
          .boolean()
          .describe('some hour holds more devices than the quota and speed limit pass in an hour'),
        spreadHours: z
          .number()
          .int()
          .min(0)
          .describe('hours from the first best-hour send to the expected last'),
        finishAt: z.string().describe('the expected last send (ISO 8601)'),
      })
      .optional()
      .describe('best hour (scheduleType 4): the plan and its spread (best-hour.ts bestHourSpread)'),
  })
  .superRefine((f, ctx) => {
    const stated = [f.error, f.sendError, ...f.losses.map((l) => l.error)];
    if (f.exact && stated.some((e) => e !== undefined))
      ctx.addIssue({ code: 'custom', path: ['exact'], message: 'an exact forecast states no error' });
    if (!f.exact && stated.some((e) => e === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['exact'],
        message: 'a sampled forecast states the error of every count',
      });
    if (new Set(f.losses.map((l) => l.type)).size !== f.losses.length)
      ctx.addIssue({ code: 'custom', path: ['losses'], message: 'names each reason once' });
  });
export type MessageForecast = z.infer<typeof MessageForecast>;

/**
 * The forecast of a message whose push count caps its sends (see above): unchanged when the count reaches the sends,
 * else sends = pushCount and every loss and error scaled by pushCount / send (a sampled count to 3 significant digits).
 */
export function capForecast(f: MessageForecast, pushCount: number | undefined): MessageForecast {
  if (pushCount === undefined || pushCount >= f.send || f.send === 0) return f;
  const k = Math.max(0, pushCount) / f.send;
  const scale = (n: number) => Math.round(n * k);
  // a sampled count keeps the precision it has (3 significant digits)
  const count = (n: number) => (f.exact ? scale(n) : roundEstimate(n * k));
  return {
    ...f,
    send: Math.max(0, pushCount),
    ...(f.sendError === undefined ? {} : { sendError: scale(f.sendError) }),
    losses: f.losses.map((l) => ({
      ...l,
      count: count(l.count),
      ...(l.error === undefined ? {} : { error: scale(l.error) }),
    })),
  };
}
