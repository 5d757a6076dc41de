import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyChildLogger } from './lazy-logger';

function logger() {
  const lines: Array<Record<string, unknown>> = [];
  const out = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const base = pino({ level: 'info', redact: ['secret'] }, out);
  let children = 0;
  const child = base.child.bind(base);
  base.child = ((b: pino.Bindings, o?: pino.ChildLoggerOptions) => {
    children++;
    return child(b, o);
  }) as unknown as typeof base.child;
  return { base, lines, children: () => children };
}

describe('lazyChildLogger', () => {
  it('makes no child for what its level does not write, and the real child (request id bound) for what it does', async () => {
    const { base, lines, children } = logger();
    const log = lazyChildLogger(base, { reqId: 'req-7' }, { level: 'warn' });
    expect(log.level).toBe('warn');
    log.info({ req: 1 }, 'incoming request');
    log.debug('detail');
    expect(children()).toBe(0);
    log.warn({ secret: 'x', code: 2007 }, 'app destroyed');
    log.error('second');
    expect(children()).toBe(1);
    await new Promise((r) => setImmediate(r));
    expect(lines).toMatchObject([
      { level: 40, reqId: 'req-7', code: 2007, secret: '[Redacted]', msg: 'app destroyed' },
      { level: 50, reqId: 'req-7', msg: 'second' },
    ]);
  });

  it("follows the parent's level when the route sets none, and a level set on it", async () => {
    const { base, lines } = logger();
    const log = lazyChildLogger(base, { reqId: 'req-8' }, {});
    log.info('kept');
    log.debug('dropped');
    log.level = 'error';
    log.warn('dropped too');
    await new Promise((r) => setImmediate(r));
    expect(lines.map((l) => l.msg)).toEqual(['kept']);
  });
});
