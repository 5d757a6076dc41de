import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import { ErrorCodes, type ReviewItem } from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { reviewAppOnEmulator } from '../../test/fixtures/review-team';
import { PASSWORD, TEAM, type Role } from '../../test/fixtures/team';
import { NOTIFICATION } from '../../test/messaging';
import { SmtpCatcher, type CaughtMail } from '../../test/smtp-catcher';
import { startTestApp, TestClient, type TestApp } from '../../test/test-app';
import { until } from '../../test/until';

const DEVICES = 20;

/** `YYYY-MM-DD HH:mm:ss` in UTC, `ms` from now. */
const utcIn = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 19).replace('T', ' ');

/**
 * Message review (issue 14 items 3–5) through the FCM emulator: what an operator (400) saves on an app that reviews
 * waits at 11 and is never sent until a reviewer (100, 200, 300) runs it, then it is sent once as its save would have
 * sent it; a rejection (12) keeps its reason for the author; reviewers and authors are mailed; decisions are audited.
 */
describe.each(backends('one'))('message review [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  let appId: number;
  let tokens: string[];
  let c: Record<Role, TestClient>;

  beforeAll(async () => {
    emu = await startEmulator({ tlsPort: null });
    t = await startTestApp(
      backend,
      { FCM_BASE_URL: emu.h2cUrl, BEACON_JOURNEY_SWEEP_SECONDS: '1' },
      { runWorkers: true },
    );
    const created = await reviewAppOnEmulator(t, emu, {
      title: 'Review Shop',
      pkg: 'com.example.review',
      projectId: 'review-project',
      devices: DEVICES,
    });
    ({ appId, tokens } = created);
    c = created.clients;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await emu?.close();
  });

  const notification = (title: string, body: Record<string, unknown> = {}) => ({
    msgType: 1,
    data: { ...NOTIFICATION, noti_title: title },
    title,
    targetingType: 0,
    pushCount: DEVICES,
    scheduleType: 1,
    ...body,
  });
  const save = async (who: TestClient, body: Record<string, unknown>) => {
    const res = await who.post(`/tcm/v1/app/${appId}/msg/save`, body);
    expect(res.json(), res.body).toMatchObject({ status: 200 });
    return res.json().data as { id: number; status: number };
  };
  const reviews = async (who: TestClient, body: Record<string, unknown> = {}) => {
    const res = await who.post(`/tcm/v1/app/${appId}/msg/reviews`, body);
    expect(res.json(), res.body).toMatchObject({ status: 200 });
    return res.json().data as { results: ReviewItem[]; total: number };
  };
  const approve = (who: TestClient, body: Record<string, unknown>) =>
    who.post(`/tcm/v1/app/${appId}/msg/approve`, body);
  const reject = (who: TestClient, body: Record<string, unknown>) =>
    who.post(`/tcm/v1/app/${appId}/msg/reject`, body);
  const detail = (id: number) =>
    c.owner.post(`/tcm/v1/app/${appId}/msg/detail`, { id }).then((r) => r.json().data);
  /** Requests of message `id` each device got. */
  const deliveries = (id: number) =>
    tokens.map(
      (tok) =>
        emu.inbox(tok).filter((d) => (d.message.data as Record<string, string>).tcm_msg_id === String(id))
          .length,
    );
  const engineRows = async (id: number) => {
    const q = async (sql: string) => (await t.database.query<{ n: number }>(sql, [id]))[0]!.n;
    return {
      waves: await q('SELECT count(*)::int AS n FROM message_waves WHERE message_id = $1'),
      batches: await q('SELECT count(*)::int AS n FROM message_batches WHERE message_id = $1'),
      sends: await q('SELECT count(*)::int AS n FROM send_records WHERE message_id = $1'),
    };
  };
  const audit = async (target: string) =>
    (await c.root.call('GET', '/tcm/v1/platform/audit?area=message-review&pageSize=100'))
      .json()
      .data.list.filter((r: { target: string }) => r.target === target);
  /** The mail to `to` about message `id` (its link names it), waited for and taken out of the box. */
  const mailAbout = async (to: string, id: number): Promise<CaughtMail> => {
    const about = (m: CaughtMail) => m.to.includes(to) && m.text.includes(`msgId=${id}&`);
    await until(`a mail to ${to} about ${id}`, async () => t.smtp.mails.some(about), Boolean, 10_000, 50);
    return t.smtp.mails.splice(t.smtp.mails.findIndex(about), 1)[0]!;
  };
  /** No mail to `to` about message `id` arrives within a while (the mails are sent off the request). */
  const noMoreMail = async (to: string, id: number) => {
    await new Promise((r) => setTimeout(r, 500));
    expect(t.smtp.mails.filter((m) => m.to.includes(to) && m.text.includes(`msgId=${id}&`))).toEqual([]);
  };

  it('keeps an operator’s message at 11, unsent, until the owner runs it; then sends it once', async () => {
    const { id, status } = await save(c.operator, notification('Review me'));
    expect(status).toBe(11);
    // the reviewers are mailed with a link into the review tab; the author (an operator) is not a reviewer
    const link = `http://beacon.test/app/${appId}/data/review?msgId=${id}&msgType=1`;
    for (const reviewer of [TEAM.owner, TEAM.manager]) {
      const mail = await mailAbout(reviewer, id);
      expect(mail.subject).toBe('Waiting for your review: “Review me” in “Review Shop”');
      expect(SmtpCatcher.link(mail)).toBe(link);
      expect(mail.text).toContain(TEAM.operator);
    }
    await noMoreMail(TEAM.operator, id);
    await noMoreMail(TEAM.tester, id);

    const listed = await reviews(c.operator);
    expect(listed.results.find((r) => r.id === id)).toMatchObject({
      msgId: id,
      msgType: 1,
      title: 'Review me',
      ownerEmail: TEAM.operator,
      status: 11,
      scheduleType: 1,
      scheduleDate: null,
      schedulePassed: false,
      file: false,
      rejectReason: '',
    });
    await new Promise((r) => setTimeout(r, 1000));
    expect(deliveries(id).every((n) => n === 0)).toBe(true);
    expect(await engineRows(id)).toEqual({ waves: 0, batches: 0, sends: 0 });

    // levels 400 and 500 do not decide
    for (const who of [c.operator, c.tester])
      expect((await approve(who, { msgId: id, isAB: false })).json().status).toBe(
        ErrorCodes.PERMISSION_DENIED,
      );
    expect((await detail(id)).status).toBe(11);

    const run = await approve(c.owner, { msgId: id, isAB: false });
    expect(run.json(), run.body).toMatchObject({ status: 200, data: { msgId: id, status: 0 } });
    await until(
      'sent',
      () => detail(id),
      (d) => d.status === 1,
    );
    expect(deliveries(id)).toEqual(tokens.map(() => 1));
    expect((await detail(id)).dispatchCount).toBe(DEVICES);
    // once: a second run (another reviewer meanwhile) is refused and sends nothing more
    const again = await approve(c.manager, { msgId: id });
    expect(again.json().status).toBe(ErrorCodes.REVIEW_NOT_PENDING);
    expect((await reviews(c.owner)).results.some((r) => r.id === id)).toBe(false);

    const passed = await mailAbout(TEAM.operator, id);
    expect(passed.subject).toBe('Review passed: “Review me” in “Review Shop”');
    expect(passed.text).toContain(TEAM.owner);
    expect(SmtpCatcher.link(passed)).toBe(link);
    const [row] = await audit(`app ${appId} message ${id}`);
    expect(row).toMatchObject({
      actorEmail: TEAM.owner,
      action: 'approve',
      oldValue: { status: 11, title: 'Review me', ownerEmail: TEAM.operator },
      newValue: { status: 0, sendNow: false },
    });
    expect(Date.now() - Date.parse(row.at)).toBeLessThan(60_000);
  });

  it('rejects with a reason the author reads, and never sends the message', async () => {
    const { id } = await save(c.operator, notification('Too loud'));
    await mailAbout(TEAM.owner, id);
    await mailAbout(TEAM.manager, id);
    const reason = 'Tone it down: no capitals in the title, please.';
    const res = await reject(c.manager, { msgId: id, isAB: false, reason: `  ${reason} ` });
    expect(res.json(), res.body).toMatchObject({ status: 200, data: { msgId: id, status: 12 } });
    expect(await detail(id)).toMatchObject({ status: 12, rejectReason: reason });
    // the author sees it in the review list too (status filter 12), and not among the pending ones
    expect((await reviews(c.operator, { status: 12 })).results.find((r) => r.id === id)).toMatchObject({
      status: 12,
      rejectReason: reason,
    });
    expect((await reviews(c.operator, { status: 11 })).results.some((r) => r.id === id)).toBe(false);
    const mail = await mailAbout(TEAM.operator, id);
    expect(mail.subject).toBe('Review rejected: “Too loud” in “Review Shop”');
    expect(mail.text).toContain(reason);
    expect(mail.text).toContain(TEAM.manager);
    // decided: neither run nor rejected again
    expect((await approve(c.owner, { msgId: id })).json().status).toBe(ErrorCodes.REVIEW_NOT_PENDING);
    expect((await reject(c.owner, { msgId: id, reason: 'again' })).json().status).toBe(
      ErrorCodes.REJECTION_NOT_ALLOWED,
    );
    await new Promise((r) => setTimeout(r, 1000));
    expect(deliveries(id).every((n) => n === 0)).toBe(true);
    expect(await engineRows(id)).toEqual({ waves: 0, batches: 0, sends: 0 });
    expect(await audit(`app ${appId} message ${id}`)).toMatchObject([
      { actorEmail: TEAM.manager, action: 'reject', newValue: { status: 12, reason } },
    ]);
  });

  it('schedules a run at its set time, as its save would have', async () => {
    const at = utcIn(3 * 3600_000);
    const { id } = await save(c.operator, notification('Later', { scheduleType: 2, scheduleDate: at }));
    const res = await approve(c.root, { msgId: id });
    expect(res.json(), res.body).toMatchObject({ status: 200, data: { status: 2 } });
    const waves = await t.database.query<{ runAt: Date; status: number }>(
      'SELECT run_at AS "runAt", status FROM message_waves WHERE message_id = $1',
      [id],
    );
    expect(waves).toHaveLength(1);
    expect(new Date(waves[0]!.runAt).toISOString().slice(0, 19).replace('T', ' ')).toBe(at);
    expect(await detail(id)).toMatchObject({ status: 2, scheduleType: 2, scheduleDate: at });
    expect((await c.owner.post(`/tcm/v1/app/${appId}/msg/${id}/stop`)).json().status).toBe(200);
    await mailAbout(TEAM.owner, id);
    await mailAbout(TEAM.operator, id);
  });

  it('answers 90003 when the schedule has passed, and sends now when asked to', async () => {
    const { id } = await save(
      c.operator,
      notification('Missed', { scheduleType: 2, scheduleDate: utcIn(3600_000) }),
    );
    // the review took longer than the schedule: it is ten minutes past
    const past = utcIn(-10 * 60_000);
    await t.database.query(
      `UPDATE messages SET schedule_local = $2, schedule_at = ($2 || '+00')::timestamptz WHERE id = $1`,
      [id, past],
    );
    expect((await reviews(c.owner)).results.find((r) => r.id === id)).toMatchObject({
      scheduleType: 2,
      scheduleDate: past,
      schedulePassed: true,
    });
    const refused = await approve(c.owner, { msgId: id, isAB: false });
    expect(refused.json().status).toBe(ErrorCodes.SCHEDULE_PASSED);
    expect(await detail(id)).toMatchObject({ status: 11, scheduleType: 2 });
    expect(await engineRows(id)).toEqual({ waves: 0, batches: 0, sends: 0 });

    const now = await approve(c.owner, { msgId: id, isAB: false, sendNow: true });
    expect(now.json(), now.body).toMatchObject({ status: 200, data: { status: 0 } });
    await until(
      'sent now',
      () => detail(id),
      (d) => d.status === 1,
    );
    expect(await detail(id)).toMatchObject({ scheduleType: 1, scheduleDate: null });
    await mailAbout(TEAM.manager, id);
    await mailAbout(TEAM.operator, id);
    expect(deliveries(id)).toEqual(tokens.map(() => 1));
    expect(await audit(`app ${appId} message ${id}`)).toMatchObject([
      { action: 'approve', newValue: { status: 0, sendNow: true } },
    ]);
  });

  it('reviews an A/B test as one item: running it sends both arms, each device once', async () => {
    const arm = (groupTag: 'A' | 'B') => ({
      msgType: 1,
      groupTag,
      groupPercent: 50,
      scheduleType: 1,
      data: { ...NOTIFICATION, noti_title: `Copy ${groupTag}` },
    });
    const res = await c.operator.post(`/tcm/v1/app/${appId}/msg/abtest/create`, {
      title: 'Copy test',
      targetingType: 0,
      childMsgs: [arm('A'), arm('B')],
    });
    expect(res.json(), res.body).toMatchObject({ status: 200, data: { status: 11 } });
    const id = res.json().data.id as number;
    const arms = await t.database.query<{ id: number; status: number }>(
      'SELECT id::int AS id, status FROM messages WHERE parent_msg_id = $1 ORDER BY group_tag',
      [id],
    );
    expect(arms.map((a) => a.status)).toEqual([11, 11]);
    // one mail per reviewer for the test, opening the A/B review
    const mail = await mailAbout(TEAM.owner, id);
    expect(mail.subject).toBe('Waiting for your review: “Copy test” in “Review Shop”');
    expect(SmtpCatcher.link(mail)).toBe(`http://beacon.test/app/${appId}/data/review?msgId=${id}&msgType=4`);
    await mailAbout(TEAM.manager, id);
    await noMoreMail(TEAM.owner, id);
    for (const a of arms) await noMoreMail(TEAM.owner, a.id);

    // listed as the test, never its arms
    const listed = (await reviews(c.owner)).results;
    expect(listed.find((r) => r.id === id)).toMatchObject({ msgType: 4, status: 11, scheduleType: 1 });
    expect(listed.some((r) => arms.some((a) => a.id === r.id))).toBe(false);
    // an arm is decided with its test; isAB says what the message is
    expect((await approve(c.owner, { msgId: arms[0]!.id, isAB: false })).json().status).toBe(
      ErrorCodes.AB_NOT_ALLOWED,
    );
    const notAb = await approve(c.owner, { msgId: id, isAB: false });
    expect(notAb.statusCode).toBe(400);
    expect(notAb.json().data.fields[0].field).toBe('isAB');
    await new Promise((r) => setTimeout(r, 500));
    expect(arms.flatMap((a) => deliveries(a.id)).every((n) => n === 0)).toBe(true);

    const run = await approve(c.owner, { msgId: id, isAB: true });
    expect(run.json(), run.body).toMatchObject({ status: 200, data: { msgId: id, status: 0 } });
    for (const a of arms)
      await until(
        `arm ${a.id} sent`,
        () => detail(a.id),
        (d) => d.status === 1,
      );
    const [a, b] = arms.map((x) => deliveries(x.id));
    // the two halves of the audience: every device got exactly one of the arms, once
    expect(a!.map((n, i) => n + b![i]!)).toEqual(tokens.map(() => 1));
    expect(a!.some((n) => n === 1) && b!.some((n) => n === 1)).toBe(true);
    const test = (await c.owner.call('GET', `/tcm/v1/app/${appId}/msg/abtest/${id}/detail`)).json().data;
    expect(test.status).toBe(1);
    expect((await mailAbout(TEAM.operator, id)).subject).toBe('Review passed: “Copy test” in “Review Shop”');
    expect(await audit(`app ${appId} A/B test ${id}`)).toMatchObject([
      { action: 'approve', newValue: { status: 0, arms: arms.map((x) => x.id) } },
    ]);
  });

  it('rejects an A/B test with its arms', async () => {
    const arm = (groupTag: 'A' | 'B') => ({
      msgType: 1,
      groupTag,
      groupPercent: 50,
      scheduleType: 1,
      data: { ...NOTIFICATION, noti_title: `Copy ${groupTag}` },
    });
    const res = await c.operator.post(`/tcm/v1/app/${appId}/msg/abtest/create`, {
      title: 'Rejected copy test',
      targetingType: 0,
      childMsgs: [arm('A'), arm('B')],
    });
    const id = res.json().data.id as number;
    await mailAbout(TEAM.owner, id);
    await mailAbout(TEAM.manager, id);
    const out = await reject(c.owner, { msgId: id, isAB: true, reason: 'Pick one copy' });
    expect(out.json(), out.body).toMatchObject({ status: 200, data: { status: 12 } });
    const rows = await t.database.query<{ status: number; reason: string }>(
      'SELECT status, reject_reason AS reason FROM messages WHERE id = $1 OR parent_msg_id = $1 ORDER BY id',
      [id],
    );
    expect(rows).toEqual([0, 1, 2].map(() => ({ status: 12, reason: 'Pick one copy' })));
    expect((await mailAbout(TEAM.operator, id)).text).toContain('Pick one copy');
  });

  it('mails the reviewers in the language of the author’s request', async () => {
    const fr = new TestClient(t.app, { 'accept-language': 'fr-FR' });
    await fr.login(TEAM.operator, PASSWORD);
    const { id } = await save(fr, notification('Soldes'));
    const mail = await mailAbout(TEAM.owner, id);
    expect(mail.subject).toBe('À revoir : le message « Soldes » de « Review Shop »');
    await mailAbout(TEAM.manager, id);
    const zh = new TestClient(t.app, { 'accept-language': 'zh-CN' });
    await zh.login(TEAM.owner, PASSWORD);
    expect((await reject(zh, { msgId: id, reason: '标题太长' })).json().status).toBe(200);
    const back = await mailAbout(TEAM.operator, id);
    expect(back.subject).toBe('审核驳回：「Review Shop」中的消息「Soldes」');
    expect(back.text).toContain('标题太长');
  });

  it('refuses bad input naming the field', async () => {
    const { id } = await save(c.operator, notification('Bad input'));
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['reject', { msgId: id, isAB: false, reason: '' }, 'reason'],
      ['reject', { msgId: id, isAB: false, reason: '   ' }, 'reason'],
      ['reject', { msgId: id, isAB: false }, 'reason'],
      ['reject', { msgId: id, isAB: false, reason: 'x'.repeat(201) }, 'reason'],
      ['reject', { msgId: id, isAB: false, reason: 'bell \u0007 here' }, 'reason'],
      ['reject', { msgId: id, isAB: false, reason: 'flip \u202e this' }, 'reason'],
      ['reject', { msgId: 'abc', reason: 'fine' }, 'msgId'],
      ['approve', { msgId: 0 }, 'msgId'],
      ['approve', { msgId: id, sendNow: 'yes' }, 'sendNow'],
      ['approve', { msgId: id, isAB: 1 }, 'isAB'],
      ['reviews', { status: 13 }, 'status'],
      ['reviews', { pageSize: 101 }, 'pageSize'],
      ['reviews', { title: 'tab\there' }, 'title'],
      ['reviews', { ownerEmail: 'a\nb' }, 'ownerEmail'],
      ['reviews', { begin: '2024/01/01' }, 'begin'],
    ];
    for (const [call, body, field] of cases) {
      const res = await c.owner.post(`/tcm/v1/app/${appId}/msg/${call}`, body);
      expect(res.statusCode, `${call} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(res.json().data.fields[0].field).toBe(field);
    }
    // a reason of exactly 200 characters is fine
    const ok = await reject(c.owner, { msgId: id, reason: 'y'.repeat(200) });
    expect(ok.json(), ok.body).toMatchObject({ status: 200 });
    // unknown or foreign messages: 404
    expect((await approve(c.owner, { msgId: 999_999 })).json().status).toBe(ErrorCodes.NOT_FOUND);
  });

  it('filters the list by title, creator, dates and status, 10 a page', async () => {
    for (let i = 0; i < 11; i++) await save(c.operator, notification(`Page ${String(i).padStart(2, '0')}`));
    const page1 = await reviews(c.owner, { status: 11, title: 'page' });
    expect(page1.total).toBe(11);
    expect(page1.results.map((r) => r.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Page ${String(10 - i).padStart(2, '0')}`),
    );
    expect(
      (await reviews(c.owner, { status: 11, title: 'page', pageNo: 2 })).results.map((r) => r.title),
    ).toEqual(['Page 00']);
    expect((await reviews(c.owner, { title: 'page', ownerEmail: 'OPERATOR@' })).total).toBe(11);
    expect((await reviews(c.owner, { title: 'page', ownerEmail: TEAM.manager })).total).toBe(0);
    // a % is a character, not a wildcard
    expect((await reviews(c.owner, { title: '%' })).total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await reviews(c.owner, { title: 'page', begin: today, end: today, tz: '+0000' })).total).toBe(11);
    expect((await reviews(c.owner, { title: 'page', begin: '2020-01-01', end: '2020-01-02' })).total).toBe(0);
    const one = page1.results[0]!;
    expect((await reviews(c.owner, { msgId: String(one.id) })).results.map((r) => r.id)).toEqual([one.id]);
  });

  it('lets each project role do what §6 says, and strangers nothing', async () => {
    const { id } = await save(c.operator, notification('Roles'));
    const expected: Record<Role, { list: number; decide: number }> = {
      root: { list: 200, decide: 404 },
      owner: { list: 200, decide: 404 },
      manager: { list: 200, decide: 404 },
      operator: { list: 200, decide: 1002 },
      tester: { list: 1002, decide: 1002 },
      stranger: { list: 1002, decide: 1002 },
    };
    for (const [who, want] of Object.entries(expected) as Array<[Role, { list: number; decide: number }]>) {
      expect((await c[who].post(`/tcm/v1/app/${appId}/msg/reviews`, {})).json().status, who).toBe(want.list);
      expect((await approve(c[who], { msgId: 999_999 })).json().status, who).toBe(want.decide);
      expect((await reject(c[who], { msgId: 999_999, reason: 'no' })).json().status, who).toBe(want.decide);
    }
    const anonymous = new TestClient(t.app);
    for (const call of ['reviews', 'approve', 'reject'])
      expect((await anonymous.post(`/tcm/v1/app/${appId}/msg/${call}`, { msgId: id })).json().status).toBe(
        401,
      );
    expect((await detail(id)).status).toBe(11);
  });
  it('holds an operator’s journey for review with its entry step; the owner runs it, or rejects it and no step ever sends', async () => {
    const journey = (title: string) => ({
      title,
      targetingType: 0,
      scheduleType: 1,
      childMsgs: [
        { groupTag: 'Start', msgType: 1, data: { ...NOTIFICATION, noti_title: title } },
        {
          groupTag: 'Next',
          msgType: 1,
          data: { ...NOTIFICATION, noti_title: `${title} again` },
          displayConditions: { from: 'Start', outcome: 'everyone', wait: { unit: 'hours', value: 1 } },
        },
      ],
    });
    const canvas = (id: number) =>
      c.owner.call('GET', `/tcm/v1/app/${appId}/msg/flow/canvas/${id}/detail`).then((r) => r.json().data);
    const confirmed = async (title: string) => {
      const saved = await c.operator.post(`/tcm/v1/app/${appId}/msg/flow/canvas/save`, journey(title));
      expect(saved.json(), saved.body).toMatchObject({ status: 200 });
      const id = saved.json().data.id as number;
      await until(
        'the estimate',
        () => canvas(id),
        (d) => d.status === 18,
      );
      const confirm = await c.operator.post(`/tcm/v1/app/${appId}/msg/flow/canvas/${id}/approve`);
      expect(confirm.json(), confirm.body).toMatchObject({ status: 200, data: { status: 11 } });
      return id;
    };
    const run = await confirmed('Journey to run');
    const item = (await reviews(c.owner, { msgId: String(run) })).results[0];
    expect(item).toMatchObject({ msgType: 9, msgId: run, status: 11 });
    const entry = (await canvas(run)).childMsgs[0] as { msgId: number; status: number };
    expect(entry.status).toBe(11);
    expect(deliveries(entry.msgId).every((n) => n === 0)).toBe(true);
    const ok = await approve(c.owner, { msgId: run, isAB: false });
    expect(ok.json(), ok.body).toMatchObject({ status: 200 });
    await until(
      'the entry step sent',
      () => canvas(run),
      (d) => d.childMsgs[0].status === 1,
      60_000,
    );
    expect(deliveries(entry.msgId).every((n) => n === 1)).toBe(true);

    const refused = await confirmed('Journey to refuse');
    const no = await reject(c.owner, { msgId: refused, isAB: false, reason: 'Wrong audience' });
    expect(no.json(), no.body).toMatchObject({ status: 200 });
    const d = await until(
      'the later step stopped',
      () => canvas(refused),
      (x) => x.childMsgs[1].status === 3,
    );
    expect(d.status).toBe(12);
    expect(d.rejectReason).toBe('Wrong audience');
    for (const s of d.childMsgs as Array<{ msgId: number }>)
      expect(deliveries(s.msgId).every((n) => n === 0)).toBe(true);
  }, 120_000);
});
