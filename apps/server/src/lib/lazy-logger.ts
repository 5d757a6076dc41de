import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

type Method = 'info' | 'error' | 'debug' | 'fatal' | 'warn' | 'trace';
type Levels = { levels?: { values: Record<string, number> } };
type LogMethod = (...args: unknown[]) => void;
const METHODS: Method[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];

/**
 * A request's logger that makes the real child logger (its request id bound) only when something is logged at a
 * level it writes. One object a request, its methods on the prototype: a device API call makes no closures for it.
 */
class LazyLogger {
  private real: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly opts: ChildLoggerOptions,
  ) {}

  get level(): string {
    return this.real?.level ?? String(this.opts.level ?? this.parent.level);
  }

  set level(l: string) {
    this.get().level = l;
  }

  silent(): void {}

  child(b: Bindings, o?: ChildLoggerOptions): FastifyBaseLogger {
    return this.get().child(b, o);
  }

  // the six level methods, on the prototype below
  declare fatal: LogMethod;
  declare error: LogMethod;
  declare warn: LogMethod;
  declare info: LogMethod;
  declare debug: LogMethod;
  declare trace: LogMethod;

  private get(): FastifyBaseLogger {
    return (this.real ??= this.parent.child(this.bindings, this.opts));
  }

  write(m: Method, args: unknown[]): void {
    const values = (this.parent as FastifyBaseLogger & Levels).levels?.values;
    // a level the logger does not write: nothing to do, and no child made for it
    if (values && (values[m] ?? 0) < (values[this.level] ?? 0)) return;
    const target = this.get();
    Reflect.apply(target[m], target, args);
  }
}

for (const m of METHODS)
  LazyLogger.prototype[m] = function (this: LazyLogger, ...args: unknown[]) {
    this.write(m, args);
  };

/**
 * Fastify makes a pino child for every request, and with redaction on that costs more than a device API call's own
 * work — yet those calls log only when they go wrong (setChildLoggerFactory in the device API scope).
 */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  opts: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyLogger(logger, bindings, opts);
}
