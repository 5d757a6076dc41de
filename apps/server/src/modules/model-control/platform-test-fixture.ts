import ExcelJS from 'exceljs';
import { MODEL_SHEET_COLUMNS } from '@beacon/shared';
import type { LightMyRequestResponse } from 'fastify';
import { TestClient, type TestApp } from '../../test/test-app';

const PW = 'Member#2024';

export type Who = 'root' | 'platform' | 'plain' | 'operator';
export const ADMINS = ['root', 'platform'] as const;
export const REFUSED = ['plain', 'operator'] as const;

export interface PlatformFixture {
  clients: Record<Who, TestClient>;
  appId: number;
  otherAppId: number;
}

/**
 * Signed-in clients: a super admin (100), a platform admin (150), a plain user with no role and a plain user who
 * is operator (400) of the app "Shop"; a second app "News".
 */
export async function platformFixture(t: TestApp): Promise<PlatformFixture> {
  await t.services.users.upsertAdmin('root@example.com', PW, 100);
  await t.services.users.upsertAdmin('platform@example.com', PW, 150);
  const root = (await t.repos.users.findByEmail('root@example.com'))!;
  for (const name of ['plain', 'operator']) {
    await t.services.users.save(
      { email: `${name}@example.com`, source: 2, ulevel: 0, description: '', password: PW },
      root,
    );
  }
  const ownerRef = { userId: root.id, email: root.email };
  const appId = (await t.services.apps.create({ title: 'Shop', pkg: 'com.example.shop', owner: ownerRef }))
    .app.id;
  const otherAppId = (
    await t.services.apps.create({ title: 'News', pkg: 'org.example.news', owner: ownerRef })
  ).app.id;
  await t.database.query(
    `INSERT INTO app_members (app_id, user_id, email, ulevel, status) SELECT $1, id, email, 400, 0 FROM users WHERE email = 'operator@example.com'`,
    [appId],
  );
  const clients = {} as Record<Who, TestClient>;
  for (const who of ['root', 'platform', 'plain', 'operator'] as const) {
    clients[who] = new TestClient(t.app);
    const res = await clients[who].login(`${who}@example.com`, PW);
    if (res.json<{ status: number }>().status !== 200) throw new Error(`login ${who} failed: ${res.body}`);
  }
  return { clients, appId, otherAppId };
}

/** The policy_audit rows of an area, oldest first. */
export async function auditRows(t: TestApp, area: string) {
  return t.database.query<{
    actor_email: string;
    action: string;
    target: string;
    old_value: unknown;
    new_value: unknown;
  }>(
    'SELECT actor_email, action, target, old_value, new_value FROM policy_audit WHERE area = $1 ORDER BY id',
    [area],
  );
}

/** An .xlsx with the template header (or `header`) and these rows of cell values, as exceljs writes it. */
export async function xlsx(
  rows: ExcelJS.CellValue[][],
  header: readonly string[] = MODEL_SHEET_COLUMNS,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Models');
  sheet.addRow([...header]);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Posts `data` as the multipart `file` field with the client's session. */
export async function upload(
  t: TestApp,
  client: TestClient,
  url: string,
  data: Buffer,
  filename = 'models.xlsx',
): Promise<LightMyRequestResponse> {
  const boundary = '----beacon-models-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(client.cookie ? { cookie: client.cookie } : {}),
    },
  });
}
