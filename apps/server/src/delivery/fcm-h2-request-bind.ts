// A fast path for one internal call of node:http2's ClientHttp2Session.request() on Node 20.
//
// Every request() does `new AsyncResource('PendingRequest').bind(requestOnConnect.bind(stream, …))`. On Node 20,
// AsyncResource#bind also defines the deprecated `asyncResource` accessor (DEP0172) on the bound function, wrapping
// a getter and a setter with util.deprecate(), which re-prototypes each wrapper (Object.setPrototypeOf). That costs
// about 40 % of the client's CPU per request (measured: 81 → 48 µs per request for a bare node:http2 loop) and
// churns hidden classes for the GC. The bound function never leaves node's http2 internals (it is called at once,
// or queued until the session connects), so nobody can read its `asyncResource` or `length`: for that one caller,
// binding without those properties is not observable. Every other caller keeps the original implementation.
import { AsyncResource } from 'node:async_hooks';

const TARGET = 'bound requestOnConnect';
const PATCHED = Symbol.for('beacon.fcm.h2RequestBind');

type Bind = (
  this: AsyncResource,
  fn: (...args: unknown[]) => unknown,
  thisArg?: unknown,
) => (...args: unknown[]) => unknown;

/**
 * Installs the fast path once per process (idempotent); returns true when it is active. It only takes over when
 * `fn` is node:http2's internal `requestOnConnect` bound without `thisArg`, and then binds exactly as node does
 * (the function runs in the resource's async scope with the caller's `this` and arguments).
 * `enabled` false (`FCM_H2_BIND_FAST_PATH=0`, Config.fcm.h2BindFastPath) leaves node untouched.
 */
export function installH2RequestBindFastPath(enabled = true): boolean {
  if (!enabled) return false;
  const proto = AsyncResource.prototype as unknown as Record<PropertyKey, unknown> & { bind: Bind };
  if (proto[PATCHED] === true) return true;
  if (typeof proto.bind !== 'function') return false;
  const original = proto.bind;
  const bind: Bind = function (this: AsyncResource, fn, thisArg) {
    if (thisArg !== undefined || typeof fn !== 'function' || fn.name !== TARGET)
      return original.call(this, fn, thisArg);
    return boundInScope(this, fn);
  };
  Object.defineProperty(proto, 'bind', {
    value: bind,
    writable: true,
    configurable: true,
    enumerable: false,
  });
  Object.defineProperty(proto, PATCHED, { value: true, configurable: true, enumerable: false });
  return true;
}

/** What node's bind returns without a thisArg, minus the `asyncResource` and `length` properties. */
function boundInScope(
  resource: AsyncResource,
  fn: (...args: unknown[]) => unknown,
): (...args: unknown[]) => unknown {
  return function (this: unknown, ...args: unknown[]): unknown {
    return resource.runInAsyncScope(fn, this, ...args);
  };
}
