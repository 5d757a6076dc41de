import ExcelJS from 'exceljs';
import { MATERIAL_SHEET_COLUMNS, MaterialSave, materialCells, type MaterialSaveInput } from '@beacon/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { multipartFile } from '../../test/fixtures/multipart';
import { PASSWORD, seedTeam, signedInClients, TEAM, type Role } from '../../test/fixtures/team';
import { NOTIFICATION } from '../../test/messaging';
import { SmtpCatcher, type CaughtMail } from '../../test/smtp-catcher';
import { startTestApp, TestClient, type TestApp } from '../../test/test-app';
import { until } from '../../test/until';
import { materialTemplate } from './material-sheet';

/** A type-1 material (system design) whose notification title is its description. */
const noti = (title: string): MaterialSaveInput => ({
  materialType: 1,
  title,
  data: { ...NOTIFICATION, noti_title: title },
});

/** The import template with these materials from row 4 on. */
async function sheetOf(materials: MaterialSaveInput[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await materialTemplate()) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  materials.forEach((m, i) => {
    const cells = materialCells(MaterialSave.parse(m));
    MATERIAL_SHEET_COLUMNS.forEach((c, j) => (sheet.getRow(4 + i).getCell(j + 1).value = cells[c.key]));
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * The review mails of materials (issue 14 item 4; docs/materials.md, "The review"), through a local SMTP server: on
 * an app that reviews materials, what waits (create, API create, edit, import) is mailed to the app's reviewers (the
 * owner and the managers) but its author, with the link that opens its review preview; a pass or a reject is mailed
 * to the author, a reject with its reason. An app without material review mails nobody.
 */
describe.each(backends('one'))('material review mails [$name]', (backend) => {
  let t: TestApp;
  let appId: number;
  let plainId: number;
  let c: Record<Role, TestClient>;

  beforeAll(async () => {
    t = await startTestApp(backend);
    ({ appId } = await seedTeam(t, { title: 'Material Shop', pkg: 'com.example.mailshop' }));
    await t.database.query('UPDATE apps SET material_review_enable = true WHERE id = $1', [appId]);
    const owner = (await t.repos.users.findByEmail(TEAM.owner))!;
    const plain = await t.services.apps.create({
      title: 'Plain',
      pkg: 'com.example.mailplain',
      owner: { userId: owner.id, email: owner.email },
    });
    plainId = plain.app.id;
    const manager = (await t.repos.users.findByEmail(TEAM.manager))!;
    await t.database.query(
      'INSERT INTO app_members (app_id, user_id, email, ulevel, status) VALUES ($1, $2, $3, 300, 0)',
      [plainId, manager.id, manager.email],
    );
    const { admin: _admin, ...emails } = TEAM;
    c = await signedInClients(t, emails, PASSWORD);
  });
  afterAll(async () => t?.close());

  const url = (path: string, app = appId) => `/tcm/v1/app/${app}/material/${path}`;
  const ok = async <T = { materialId: number; status: number }>(res: Promise<LightMyRequestResponse>) => {
    const r = await res;
    expect(r.json(), r.body).toMatchObject({ status: 200 });
    return r.json().data as T;
  };
  const create = (who: TestClient, body: object, app = appId, path = 'create') =>
    ok(who.post(url(path, app), body));
  const audit = (who: TestClient, id: number, body: object) => ok(who.post(url(`${id}/audit`), body));
  const link = (id: number, type = 1, app = appId) =>
    `http://beacon.test/app/${app}/material/audit?materialType=${type}&materialId=${id}`;
  const names = (id: number) => (m: CaughtMail) => new RegExp(`materialId=${id}(\\s|$)`).test(m.text);
  /** The mail to `to` about material `id` (its link names it), waited for and taken out of the box. */
  const mailAbout = async (to: string, id: number): Promise<CaughtMail> => {
    const about = (m: CaughtMail) => m.to.includes(to) && names(id)(m);
    await until(`a mail to ${to} about ${id}`, async () => t.smtp.mails.some(about), Boolean, 10_000, 50);
    return t.smtp.mails.splice(t.smtp.mails.findIndex(about), 1)[0]!;
  };
  /** No other mail about material `id` arrives within a while (the mails are sent off the request). */
  const noMoreMail = async (id: number) => {
    await new Promise((r) => setTimeout(r, 500));
    expect(t.smtp.mails.filter(names(id))).toEqual([]);
  };

  it('mails the reviewers, not the author, when an operator’s material waits, with its review link', async () => {
    const { materialId: id, status } = await create(c.operator, noti('Banner'));
    expect(status).toBe(3);
    for (const reviewer of [TEAM.owner, TEAM.manager]) {
      const mail = await mailAbout(reviewer, id);
      expect(mail.subject).toBe('Waiting for your review: the material “Banner” in “Material Shop”');
      expect(SmtpCatcher.link(mail)).toBe(link(id));
      expect(mail.text).toContain(`${TEAM.operator} saved the material “Banner” (id ${id})`);
      expect(mail.text).toContain('(pass or reject)');
    }
    await noMoreMail(id);

    // through the API too, a cross material's link opening the cross materials' list
    const trans = Buffer.from('{"page":"sale"}').toString('base64');
    const api = await create(
      c.operator,
      { materialType: 3, title: 'Sale page', data: { trans_data: trans } },
      appId,
      'api/create',
    );
    expect(SmtpCatcher.link(await mailAbout(TEAM.owner, api.materialId))).toBe(link(api.materialId, 3));
    await mailAbout(TEAM.manager, api.materialId);
    await noMoreMail(api.materialId);
  });

  it('mails the author a reject with its reason, the reviewers the edit, and the author the pass', async () => {
    const { materialId: id } = await create(c.operator, noti('Loud banner'));
    await mailAbout(TEAM.owner, id);
    await mailAbout(TEAM.manager, id);

    expect(await audit(c.manager, id, { action: 4, reason: 'Too loud for the morning' })).toEqual({
      materialId: id,
      status: 4,
    });
    const rejected = await mailAbout(TEAM.operator, id);
    expect(rejected.subject).toBe('Review rejected: the material “Loud banner” in “Material Shop”');
    expect(rejected.text).toContain('Too loud for the morning');
    expect(rejected.text).toContain(`${TEAM.manager} rejected your material`);
    expect(SmtpCatcher.link(rejected)).toBe(link(id));
    await noMoreMail(id);

    // the author edits it: it waits again, and the reviewers hear of it
    const edited = await ok(c.operator.post(url(`${id}/edit`), noti('Quiet banner')));
    expect(edited.status).toBe(3);
    expect((await mailAbout(TEAM.owner, id)).subject).toBe(
      'Waiting for your review: the material “Quiet banner” in “Material Shop”',
    );
    await mailAbout(TEAM.manager, id);

    expect((await audit(c.owner, id, { action: 1 })).status).toBe(1);
    const passed = await mailAbout(TEAM.operator, id);
    expect(passed.subject).toBe('Review passed: the material “Quiet banner” in “Material Shop”');
    expect(passed.text).toContain(`${TEAM.owner} passed your material “Quiet banner” (id ${id})`);
    expect(SmtpCatcher.link(passed)).toBe(link(id));
    await noMoreMail(id);
  });

  it('mails a reviewer’s own material to the other reviewers only, and not its decision to themselves', async () => {
    const { materialId: id, status } = await create(c.owner, noti('Owner banner'));
    expect(status).toBe(3);
    await mailAbout(TEAM.manager, id);
    await noMoreMail(id);
    await audit(c.owner, id, { action: 1 });
    await noMoreMail(id);
  });

  it('mails an import once per reviewer, listing its materials, in the author’s language; a reject in the reviewer’s', async () => {
    // the operator's upload from a French console
    const file = multipartFile('materials.xlsx', await sheetOf([noti('Import one'), noti('Import two')]));
    const { created } = await ok<{ created: Array<{ materialId: number; status: number }> }>(
      t.app.inject({
        method: 'POST',
        url: url('upload'),
        payload: file.payload,
        headers: { ...file.headers, cookie: c.operator.cookie, 'accept-language': 'fr-FR' },
      }),
    );
    expect(created.map((m) => m.status)).toEqual([3, 3]);
    const [one, two] = created.map((m) => m.materialId) as [number, number];
    for (const reviewer of [TEAM.owner, TEAM.manager]) {
      const mail = await mailAbout(reviewer, one);
      expect(mail.subject).toBe('À revoir : 2 matériels de « Material Shop »');
      const lines = mail.text.split(/\r?\n/);
      expect(lines).toContain(`« Import one » (n° ${one}) : ${link(one)}`);
      expect(lines).toContain(`« Import two » (n° ${two}) : ${link(two)}`);
    }
    await noMoreMail(two);

    const zh = new TestClient(t.app, { 'accept-language': 'zh-CN' });
    await zh.login(TEAM.manager, PASSWORD);
    await audit(zh, two, { action: 4, reason: '标题太长' });
    const back = await mailAbout(TEAM.operator, two);
    expect(back.subject).toBe('审核驳回：「Material Shop」中的素材「Import two」');
    expect(back.text).toContain('标题太长');
    expect(back.text).toContain('素材不能用于消息');
  });

  it('mails nobody on an app without material review', async () => {
    // the manager and the owner, each the other's reviewer on a review app
    const { materialId: id, status } = await create(c.manager, noti('Plain banner'), plainId);
    expect(status).toBe(1);
    const edited = await ok(c.owner.post(url(`${id}/edit`, plainId), noti('Plain banner, edited')));
    expect(edited.status).toBe(1);
    await noMoreMail(id);
    expect(t.smtp.mails.filter((m) => m.text.includes(`/app/${plainId}/`))).toEqual([]);
  });
});
