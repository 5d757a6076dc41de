import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

type Method = 'info' | 'error' | 'debug' | 'fatal' | 'warn' | 'trace';
const METHODS: Method[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];

/**
 * A request's logger that becomes the real child logger (its request id bound) only when something is logged at a
 * level it writes. Fastify makes a pino child for every request, and with redaction on that costs more than a device
 * API call's own work — yet those calls log only when they go wrong (setChildLoggerFactory in the device API scope).
 */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  opts: ChildLoggerOptions,
): FastifyBaseLogger {
  let real: FastifyBaseLogger | undefined;
  const get = () => (real ??= logger.child(bindings, opts));
  const values = (logger as FastifyBaseLogger & { levels?: { values: Record<string, number> } }).levels
    ?.values;
  const threshold = () => values?.[String(real?.level ?? opts.level ?? logger.level)] ?? 0;
  const lazy = {
    get level() {
      return real?.level ?? String(opts.level ?? logger.level);
    },
    set level(l: string) {
      get().level = l;
    },
    silent: () => undefined,
    child: (b: Bindings, o?: ChildLoggerOptions) => get().child(b, o),
  } as unknown as FastifyBaseLogger;
  for (const m of METHODS)
    (lazy as unknown as Record<Method, (...a: unknown[]) => void>)[m] = (...args: unknown[]) => {
      // a level the logger does not write: nothing to do, and no child made for it
      if (values && (values[m] ?? 0) < threshold()) return;
      const target = get();
      Reflect.apply(target[m], target, args);
    };
  return lazy;
}
