import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { startTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { NOTIFICATION, ownerAppOnEmulator } from '../../test/messaging';
import { upload } from '../../test/fixtures/multipart';
import { gaid, registerOnEmulator } from '../../test/devices';
import { startFileServer } from '../../test/fixtures/gaid-files';
import { until } from '../../test/until';

describe.each(backends())('file targeting delivery [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  let appId: number;
  let owner: TestClient;
  let files: Awaited<ReturnType<typeof startFileServer>>;
  const tokens: string[] = [];

  const sentTo = (id: number) =>
    tokens.map(
      (tok) =>
        emu.inbox(tok).filter((d) => (d.message.data as Record<string, string>).tcm_msg_id === String(id))
          .length,
    );
  const sendAndWait = async (body: Record<string, unknown>) => {
    const saved = await owner.post(`/tcm/v1/app/${appId}/msg/save`, {
      msgType: 1,
      data: NOTIFICATION,
      title: 'File push',
      scheduleType: 1,
      ...body,
    });
    expect(saved.json()).toMatchObject({ status: 200 });
    const id = saved.json().data.id as number;
    const detail = await until(
      'sent',
      () => owner.post(`/tcm/v1/app/${appId}/msg/detail`, { id }).then((r) => r.json().data),
      (d) => d.status === 1,
    );
    return { id, detail };
  };

  beforeAll(async () => {
    emu = await startEmulator({ tlsPort: null });
    t = await startTestApp(
      backend,
      { FCM_BASE_URL: emu.h2cUrl, BEACON_ALLOW_PRIVATE_LINKS: '1' },
      { runWorkers: true },
    );
    const created = await ownerAppOnEmulator(t, emu, {
      title: 'Files',
      pkg: 'com.example.files',
      projectId: 'file-project',
    });
    owner = created.owner;
    appId = created.app.id;
    for (let i = 0; i < 12; i++) tokens.push(await registerOnEmulator(t, emu, created, i));
    files = await startFileServer({ '/odd.txt': [1, 3, 5, 7, 9, 11, 500].map(gaid).join('\n') });
  });
  afterAll(async () => {
    await files?.close();
    await t?.close();
    await emu?.close();
  });

  it('sends a type 6 message to exactly the app devices the uploaded file lists, once each', async () => {
    // devices 2, 4 and 6 twice, one id no device has, and 0 in upper case
    const text = [gaid(2), gaid(4), gaid(6), gaid(4), gaid(999), gaid(0).toUpperCase()].join('\n');
    const up = await upload(t, owner, `/tcm/v1/app/${appId}/upload`, 'audience.txt', text);
    expect(up.json()).toMatchObject({ status: 200, data: { count: 5, duplicates: 1 } });
    const fileOrigin = up.json().data.origin as string;
    expect(
      (await owner.post(`/tcm/v1/app/${appId}/msg/target/max`, { targetingType: 6, fileOrigin })).json().data
        .newCount,
    ).toBe(4);
    const { id, detail } = await sendAndWait({ targetingType: 6, fileOrigin, pushCount: 4 });
    expect(detail).toMatchObject({ targetingType: 6, targetCount: 4, dispatchCount: 4 });
    expect(sentTo(id)).toEqual([1, 0, 1, 0, 1, 0, 1, 0, 0, 0, 0, 0]);
  });

  it('sends a type 7 message to exactly the devices its file link lists', async () => {
    const link = `${files.url}/odd.txt`;
    const checked = await owner.post(`/tcm/v1/app/${appId}/upload/link`, { link });
    expect(checked.json()).toMatchObject({ status: 200, data: { count: 7 } });
    const { id, detail } = await sendAndWait({
      targetingType: 7,
      fileLink: link,
      fileOrigin: checked.json().data.origin,
      pushCount: 6,
    });
    expect(detail).toMatchObject({ targetCount: 6, dispatchCount: 6 });
    expect(sentTo(id)).toEqual([0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1]);
  });
});
