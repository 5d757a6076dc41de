import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appOnEmulator,
  launchBrowser,
  registerDevice,
  signedInPage,
  snap,
  startBeacon,
  type RunningBeacon,
} from './harness';

const OWNER = { email: 'owner@example.com', password: 'Owner#2024' };

let beacon: RunningBeacon;
let browser: Browser;
let emu: FcmEmulator;
let evil: Server;
let evilUrl = '';
let appId = 0;
/** What the attacker's page should post: set per test. */
let attack = { action: '', body: '' };

beforeAll(async () => {
  emu = await startEmulator({ tlsPort: null });
  beacon = await startBeacon({ FCM_BASE_URL: emu.h2cUrl });
  browser = await launchBrowser();
  await beacon.users.upsertAdmin(OWNER.email, OWNER.password, 100);
  const app = await appOnEmulator(beacon, emu, OWNER.email, {
    title: 'Shop',
    pkg: 'com.example.shop',
    projectId: 'shop',
    smallIcon: true,
  });
  appId = app.appId;
  await registerDevice(beacon, emu, { ...app, projectId: 'shop', pkg: 'com.example.shop' }, 1);
  // another port of the same host: "same-site" for the browser, so the SameSite=Lax cookie goes along
  evil = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    const [name, value] = attack.body.split('=');
    res.end(`<!doctype html><form method="POST" enctype="text/plain" action="${attack.action}">
      <input name='${name}' value='${value}'></form><script>document.forms[0].submit()</script>`);
  });
  await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
  evilUrl = `http://127.0.0.1:${(evil.address() as AddressInfo).port}`;
});
afterAll(async () => {
  evil?.close();
  await browser?.close();
  await beacon?.close();
  await emu?.close();
});

/** Records every CSP violation the page reports. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.exposeFunction('__cspViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __cspViolation(v: string): void }).__cspViolation(
        `${e.violatedDirective} ${e.blockedURI}`,
      ),
    );
  });
  return violations;
}

describe('the console under its Content-Security-Policy, and cross-site requests', () => {
  it('works screen after screen without a single CSP violation, and refuses injected inline script', async () => {
    const page = await signedInPage(browser, beacon.url, OWNER);
    const violations = await watchCsp(page);
    const doc = await page.goto(`${beacon.url}/app/${appId}/message/editpush`);
    expect(doc?.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(doc?.headers()['x-frame-options']).toBe('DENY');
    await page.locator('form').first().waitFor();
    for (const path of [
      `/app/${appId}/data/push`,
      `/app/${appId}/config/project`,
      '/dashboard',
      '/platformsettings',
    ]) {
      await page.goto(`${beacon.url}${path}`);
      await page.waitForLoadState('networkidle');
    }
    await snap(page, 'security-csp-platformsettings');
    // an inline script slipped into the page (stored XSS) does not run
    const ran = await page.evaluate(async () => {
      const s = document.createElement('script');
      s.textContent = 'window.__injected = true';
      document.body.appendChild(s);
      await new Promise((r) => setTimeout(r, 50));
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    expect(violations.filter((v) => !v.includes('inline'))).toEqual([]);
    expect(violations.some((v) => /script/.test(v))).toBe(true);
  });

  it('refuses a form posted from another port of the same host: the message is not cancelled', async () => {
    const page = await signedInPage(browser, beacon.url, OWNER);
    await page.goto(`${beacon.url}/app/${appId}/data/push`);
    const scheduleDate = `${new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)} 12:00:00`;
    const saved = await page.evaluate(
      async ({ appId, scheduleDate }) => {
        const res = await fetch(`/tcm/v1/app/${appId}/msg/save`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            msgType: 1,
            title: 'Later',
            data: {
              noti_type: 1,
              noti_title: 'Hi',
              noti_desc: 'There',
              noti_ex_type: 1,
              noti_open_type: 1,
              noti_open_content: 'app://home',
              noti_small_icon: '/files/icon.png',
            },
            pushCount: 1,
            targetingType: 0,
            scheduleType: 2,
            scheduleDate,
            timeZone: '+0000',
          }),
        });
        return res.json();
      },
      { appId, scheduleDate },
    );
    expect(saved, JSON.stringify(saved)).toMatchObject({ status: 200 });
    const msgId = (saved as { data: { id: number } }).data.id;
    const statusOf = () =>
      page.evaluate(
        async ({ appId, msgId }) =>
          (
            await (
              await fetch(`/tcm/v1/app/${appId}/msg/detail`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ id: msgId }),
              })
            ).json()
          ).data.status as number,
        { appId, msgId },
      );
    const before = await statusOf();

    attack = { action: `${beacon.url}/tcm/v1/app/${appId}/msg/${msgId}/cancel`, body: '{"x":"=1"}' };
    const answer = page.waitForResponse((r) => r.url() === attack.action);
    await page.goto(evilUrl);
    const res = await answer;
    expect(res.status()).toBe(403);
    expect(await res.text()).toContain('Cross-site request refused');
    await page.goto(`${beacon.url}/app/${appId}/data/push`);
    expect(await statusOf()).toBe(before);
  });
});
