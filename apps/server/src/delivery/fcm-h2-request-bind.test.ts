import http2 from 'node:http2';
import { AsyncLocalStorage, AsyncResource, executionAsyncId } from 'node:async_hooks';
import { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installH2RequestBindFastPath } from './fcm-h2-request-bind';

describe('node:http2 request bind fast path', () => {
  let server: http2.Http2Server;
  let origin = '';

  beforeAll(async () => {
    expect(installH2RequestBindFastPath()).toBe(true);
    expect(installH2RequestBindFastPath()).toBe(true); // idempotent
    server = http2.createServer();
    server.on('stream', (stream: http2.ServerHttp2Stream) => {
      stream.resume();
      stream.on('end', () => {
        stream.respond({ ':status': 200 });
        stream.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('takes over only the bound requestOnConnect, which still runs in the resource scope with its arguments', () => {
    const resource = new AsyncResource('PendingRequest');
    const seen: unknown[] = [];
    function requestOnConnect(this: unknown, ...args: unknown[]): string {
      seen.push(this, args, executionAsyncId());
      return 'done';
    }
    const target = { stream: 1 };
    const bound = resource.bind(requestOnConnect.bind(target, 'headers'));
    expect(Object.getOwnPropertyDescriptor(bound, 'asyncResource')).toBeUndefined();
    expect(bound('x')).toBe('done');
    expect(seen).toEqual([target, ['headers', 'x'], resource.asyncId()]);

    // any other function gets node's own bind: the `asyncResource` property and the original length
    const other = resource.bind((a: number, b: number) => a + b);
    expect(other.length).toBe(2);
    expect(Object.getOwnPropertyDescriptor(other, 'asyncResource')).toBeDefined();
    const withThisArg = new AsyncResource('x') as unknown as {
      bind(fn: () => unknown, thisArg: unknown): () => unknown;
    };
    const withThis = withThisArg.bind(requestOnConnect.bind(target), { me: 1 });
    expect(Object.getOwnPropertyDescriptor(withThis, 'asyncResource')).toBeDefined(); // a thisArg: node's own bind
    expect(withThis.length).toBe(0);
  });

  it('requests still work and keep the async context of the caller, before and after the session connects', async () => {
    const als = new AsyncLocalStorage<string>();
    const session = http2.connect(origin);
    const ask = (label: string) =>
      als.run(label, () => {
        return new Promise<string>((resolve, reject) => {
          const req = session.request({ ':method': 'POST', ':path': '/' });
          req.on('response', () => {
            let body = '';
            req.setEncoding('utf8');
            req.on('data', (c: string) => (body += c));
            req.on('end', () => resolve(`${als.getStore()}:${body}`));
          });
          req.on('error', reject);
          req.end('hi');
        });
      });
    // the first two are queued until the session connects (kPendingRequestCalls), the third goes at once
    const early = [ask('a'), ask('b')];
    await new Promise((r) => session.once('connect', r));
    expect(await Promise.all([...early, ask('c')])).toEqual(['a:ok', 'b:ok', 'c:ok']);
    await new Promise<void>((resolve) => session.close(() => resolve()));
  });

  it('stays off when disabled (FCM_H2_BIND_FAST_PATH=0)', () => {
    expect(installH2RequestBindFastPath(false)).toBe(false);
  });
});
