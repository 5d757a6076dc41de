import { IMAGE_RULES } from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../test/databases';
import { startTestApp, TestClient, type TestApp } from '../test/test-app';
import { decodePng, isSolidOnTransparent } from '../modules/uploads';
import { createDemo } from './demo';
import { demoSmallIcon } from './demo-icon';
import { SandboxRepository } from './sandbox.repository';

describe('the demo small icon', () => {
  it('passes the small-icon rule: a 60×60 PNG under 10 KB, one solid colour on transparency', () => {
    const png = demoSmallIcon();
    const image = decodePng(png);
    expect([image.width, image.height]).toEqual([IMAGE_RULES.smallIcon.width, IMAGE_RULES.smallIcon.height]);
    expect(png.length).toBeLessThanOrEqual(IMAGE_RULES.smallIcon.maxBytes);
    expect(isSolidOnTransparent(image)).toBe(true);
  });
});

describe.each(backends('one'))('beacon demo [$name]', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
    await t.services.users.upsertAdmin('admin@example.com', 'Admin#2024', 100);
  });
  afterAll(() => t?.close());

  it('gives the demo app a default notification icon, so its first push needs no upload', async () => {
    const { appId, created } = await createDemo(t, new SandboxRepository(t.database), 50);
    expect(created).toBe(true);
    const client = new TestClient(t.app);
    await client.login('admin@example.com', 'Admin#2024');
    const icon = (await client.call('GET', `/tcm/v1/app/${appId}/icon`)).json();
    expect(icon.data.icon).toMatch(/^\/files\/[0-9a-f]{64}\.png$/);
    expect(icon.data.color).toBe('#1A73E8');
    const check = (
      await client.post(`/tcm/v1/app/${appId}/msg/small/icon/check`, { smallIconUrl: icon.data.icon })
    ).json();
    expect(check.data).toMatchObject({ result: 1 });
    // a second run keeps the app and its icon
    expect((await createDemo(t, new SandboxRepository(t.database), 50)).created).toBe(false);
  });
});
