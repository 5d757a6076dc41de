import type { Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';

/**
 * What a failed journey leaves in the log, for a run nobody can watch (CI keeps no screenshots): the requests each
 * server has not answered yet and for how long, and for each open page its address, the dialogs on it with their
 * buttons, the toasts, and its last requests as the browser saw them. It tells "the server never answered" from "the
 * console never asked" (a wait for a response that timed out says neither).
 */

interface Seen {
  method: string;
  url: string;
  at: number;
  ms?: number;
  status?: number;
}

const servers = new Map<string, Map<number, Seen>>();
const browsers = new Set<Browser>();
const pageLogs = new WeakMap<Page, Seen[]>();
let nextId = 0;
const KEEP = 15;

/** Keeps the requests `server` is answering (from its first byte to its last), under `url`. */
export function watchServer(url: string, server: Server): () => void {
  const open = new Map<number, Seen>();
  servers.set(url, open);
  server.on('request', (req, res) => {
    const id = nextId++;
    open.set(id, { method: req.method ?? '?', url: req.url ?? '', at: Date.now() });
    res.on('close', () => open.delete(id));
  });
  return () => servers.delete(url);
}

export function watchBrowser(browser: Browser): void {
  browsers.add(browser);
  browser.on('disconnected', () => browsers.delete(browser));
}

/** Keeps the page's last requests to its server (not the bundle's files) with their status and time. */
export function watchPage(page: Page): void {
  const log: Seen[] = [];
  pageLogs.set(page, log);
  const started = new WeakMap<object, Seen>();
  page.on('request', (req) => {
    if (!/\/(tcm|api)\//.test(req.url())) return;
    const seen: Seen = { method: req.method(), url: new URL(req.url()).pathname, at: Date.now() };
    started.set(req, seen);
    log.push(seen);
    if (log.length > KEEP) log.shift();
  });
  page.on('requestfinished', (req) => {
    const seen = started.get(req);
    if (!seen) return;
    seen.ms = Date.now() - seen.at;
    void req
      .response()
      .then((r) => {
        seen.status = r?.status();
      })
      .catch(() => undefined);
  });
  page.on('requestfailed', (req) => {
    const seen = started.get(req);
    if (seen) seen.status = -1;
  });
}

const line = (s: Seen, now: number) =>
  `${s.method} ${s.url} ${s.ms === undefined ? `open for ${now - s.at} ms` : `${s.status ?? '?'} in ${s.ms} ms, ${now - s.at} ms ago`}`;

async function describePage(page: Page, now: number): Promise<string> {
  const shown = await page
    .evaluate(() => {
      const visible = (e: Element) => (e as HTMLElement).offsetParent !== null;
      const text = (e: Element) => ((e as HTMLElement).innerText || '').replace(/\s+/g, ' ').slice(0, 200);
      const dialogs = [...document.querySelectorAll('[role=dialog]')].filter(visible).map((d) => ({
        text: text(d),
        buttons: [...d.querySelectorAll('button')].map(
          (b) =>
            `${text(b)}${b.disabled ? ' (disabled)' : ''}${b.classList.contains('ant-btn-loading') ? ' (loading)' : ''}`,
        ),
      }));
      const toasts = [...document.querySelectorAll('.ant-message-notice, .ant-notification-notice')].map(
        text,
      );
      return { dialogs, toasts };
    })
    .catch((err: unknown) => ({ error: String(err) }));
  const requests = (pageLogs.get(page) ?? []).map((s) => `      ${line(s, now)}`).join('\n');
  return `  page ${page.url()}\n    ${JSON.stringify(shown)}\n    requests:\n${requests || '      none'}`;
}

/** The state above as text. */
export async function describeFailure(): Promise<string> {
  const now = Date.now();
  const out: string[] = ['── e2e state at the failure'];
  for (const [url, open] of servers) {
    const list = [...open.values()].map((s) => `    ${line(s, now)}`);
    out.push(
      `  server ${url}: ${list.length ? `${list.length} unanswered\n${list.join('\n')}` : 'none unanswered'}`,
    );
  }
  for (const browser of browsers)
    for (const context of browser.contexts())
      for (const page of context.pages()) out.push(await describePage(page, now));
  return out.join('\n');
}
