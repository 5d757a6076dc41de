import { CONTROL_PREFIX, handleControl } from './control-api';
import { type Core } from './core';
import { rpcError } from './errors';
import { type Exchange } from './exchange';
import { handleSend } from './send-handler';
import { handleTokenRequest } from './token-endpoint';

const SEND_PREFIX = '/v1/projects/';
const SEND_SUFFIX = '/messages:send';
const NOT_FOUND = rpcError(404, 'Not Found', []);

/** Dispatches an exchange to the send endpoint, the token endpoint or the control API. */
export function route(ex: Exchange, core: Core): void {
  const q = ex.path.indexOf('?');
  const path = q < 0 ? ex.path : ex.path.slice(0, q);
  if (path.startsWith(SEND_PREFIX) && path.endsWith(SEND_SUFFIX) && ex.method === 'POST') {
    const project = path.slice(SEND_PREFIX.length, path.length - SEND_SUFFIX.length);
    if (project !== '' && !project.includes('/')) {
      handleSend(ex, project, core);
      return;
    }
  }
  if (path === '/token' && ex.method === 'POST') {
    const r = handleTokenRequest(ex.body, core.tokenEndpoint);
    ex.reply(r.status, r.body);
    return;
  }
  if (path.startsWith(`${CONTROL_PREFIX}/`)) {
    handleControl(ex, core);
    return;
  }
  ex.reply(NOT_FOUND.status, NOT_FOUND.body);
}
