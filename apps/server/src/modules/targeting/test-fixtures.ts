import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NOTIFICATION } from '../../test/messaging';
import type { TestApp } from '../../test/test-app';

export const gaid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

/** A valid notification `data` for msg/save. */
export const CONTENT = NOTIFICATION;

/** Inserts `count` devices of the app with the ids gaid(from)… (no tokens: estimates and saves only). */
export async function seedDevices(t: TestApp, appId: number, from: number, count: number): Promise<void> {
  await t.database.query(
    `INSERT INTO devices (app_id, gaid, country, language, brand, model, os_version, app_version, app_version_code, timezone, utc_offset_min, notifications_enabled)
     SELECT $1, ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'NG', 'en', 'TECNO', 'SPARK 10', 33, '3.1.0', 310, 'Africa/Lagos', 60, true
     FROM generate_series($2::int, $3::int) g`,
    [appId, from, from + count - 1],
  );
}

/** Counts the stored lists and ids (to prove a refused file left nothing). */
export async function storedLists(t: TestApp): Promise<{ lists: number; ids: number }> {
  const [row] = await t.database.query<{ lists: number; ids: number }>(
    'SELECT (SELECT count(*)::int FROM message_gaid_uploads) AS lists, (SELECT count(*)::int FROM message_gaid_lists) AS ids',
  );
  return row ?? { lists: 0, ids: 0 };
}

/** A file server on 127.0.0.1: `routes` maps a path to its body (text/plain), counting GET requests per path. */
export async function startFileServer(
  routes: Record<string, string | (() => string)>,
): Promise<{ url: string; gets: Map<string, number>; close(): Promise<void> }> {
  const gets = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const route = routes[req.url ?? ''];
    if (route === undefined) return res.writeHead(404).end();
    const body = typeof route === 'function' ? route() : route;
    if (req.method === 'GET') gets.set(req.url ?? '', (gets.get(req.url ?? '') ?? 0) + 1);
    res
      .writeHead(200, { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(body) })
      .end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    gets,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
