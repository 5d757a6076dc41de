import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect, type ClientHttp2Session, type IncomingHttpHeaders } from 'node:http2';
import { startEmulator } from './emulator';
import { signRs256 } from './jwt';
import { type EmulatorOptions, type FcmEmulator, type ServiceAccountJson } from './types';

export interface Res {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Req {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** One request on an HTTP/2 session; rejects on stream errors (RST_STREAM). */
export function h2Request(session: ClientHttp2Session, r: Req): Promise<Res> {
  return new Promise((resolve, reject) => {
    const stream = session.request({ ':method': r.method ?? 'POST', ':path': r.path, ...r.headers });
    let headers: IncomingHttpHeaders = {};
    let body = '';
    stream.setEncoding('utf8');
    stream.on('response', (h) => (headers = h));
    stream.on('data', (c: string) => (body += c));
    stream.on('end', () => resolve({ status: Number(headers[':status']), headers, body }));
    stream.on('error', reject);
    stream.end(r.body);
  });
}

/** One HTTP/1.1 request (http or https with the given CA). */
export function h1Request(base: string, r: Req, ca?: string): Promise<Res> {
  return new Promise((resolve, reject) => {
    const url = new URL(r.path, base);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(url, { method: r.method ?? 'POST', headers: r.headers, ca, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(r.body);
  });
}

export const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

/** A signed JWT-bearer assertion for the account, with claims overridable. */
export function assertion(
  sa: ServiceAccountJson,
  claims: Record<string, unknown> = {},
  key = sa.private_key,
): string {
  const iat = Math.floor(Date.now() / 1000);
  return signRs256(
    { iss: sa.client_email, scope: SCOPE, aud: sa.token_uri, iat, exp: iat + 3600, ...claims },
    key,
    sa.private_key_id,
  );
}

export function tokenForm(jwt: string): string {
  return `grant_type=${encodeURIComponent('urn:ietf:params:oauth:grant-type:jwt-bearer')}&assertion=${jwt}`;
}

export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** Exchanges an assertion (aud = token_uri) over HTTP/1.1 at `url` and returns the access token. */
export async function accessToken(sa: ServiceAccountJson, url = sa.token_uri): Promise<string> {
  const res = await h1Request(url, { path: url, headers: FORM, body: tokenForm(assertion(sa)) });
  if (res.status !== 200) throw new Error(`token endpoint answered ${res.status}: ${res.body}`);
  return (JSON.parse(res.body) as { access_token: string }).access_token;
}

export interface Harness {
  emu: FcmEmulator;
  sa: ServiceAccountJson;
  token: string;
  session: ClientHttp2Session;
  /** POST /v1/projects/{project}/messages:send over h2c with the harness's access token */
  send(body: unknown, opts?: { project?: string; auth?: string | null }): Promise<Res>;
  close(): Promise<void>;
}

/** Starts an emulator with a service account for project `p1` and an open h2c session. */
export async function harness(opts: EmulatorOptions = {}): Promise<Harness> {
  const emu = await startEmulator(opts);
  const sa = emu.createServiceAccount('p1');
  const token = await accessToken(sa);
  const session = connect(emu.h2cUrl);
  session.on('error', () => undefined);
  return {
    emu,
    sa,
    token,
    session,
    send(body, o = {}) {
      const auth = o.auth === undefined ? `Bearer ${token}` : o.auth;
      return h2Request(session, {
        path: `/v1/projects/${o.project ?? 'p1'}/messages:send`,
        headers: { 'content-type': 'application/json', ...(auth === null ? {} : { authorization: auth }) },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
    },
    async close() {
      session.destroy();
      await emu.close();
    },
  };
}

/** The google.rpc.Status body the emulator must answer, for exact comparisons. */
export function errorBody(code: number, message: string, status: string, details?: object[]): string {
  return JSON.stringify({
    error: details === undefined ? { code, message, status } : { code, message, status, details },
  });
}

export const FCM_ERROR = 'type.googleapis.com/google.firebase.fcm.v1.FcmError';
export const BAD_REQUEST = 'type.googleapis.com/google.rpc.BadRequest';
