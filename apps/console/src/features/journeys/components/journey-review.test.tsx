import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type JourneyDetail } from '@beacon/shared';
import { appInfo, DICTS, json, ok, restoreAfterEach, slow, stubApi } from '../../../test/screen-api';
import { renderAt } from '../../../test-utils';
import { journeyDetail } from './journey-fixtures';
import { JourneyEditorScreen } from './journey-editor-screen';

let calls: Array<{ url: string; body: unknown }> = [];
let detail: JourneyDetail;
let level = 200;
let approveAnswers: Response[] = [];
let rejectAnswer: Response | undefined;

beforeEach(() => {
  calls = [];
  detail = journeyDetail({ status: 11, scheduleType: 2, scheduleDate: '2030-05-01 09:30:00' });
  level = 200;
  approveAnswers = [];
  rejectAnswer = undefined;
  stubApi((url, init) => {
    calls.push({ url, body: init?.body ? JSON.parse(init.body as string) : undefined });
    if (url.endsWith('/app/1/info')) return ok(appInfo({ serverUTC: '+0000', projectLevel: level }));
    if (url.endsWith('/app/1/icon')) return ok({ icon: '/files/icon.png', color: '#1A73E8' });
    if (url.includes('/dict/1/all')) return ok(DICTS);
    if (url.endsWith('/msg/flow/canvas/5/detail')) return ok(detail);
    if (url.endsWith('/msg/approve')) return approveAnswers.shift() ?? ok({ msgId: 5, status: 2 });
    if (url.endsWith('/msg/reject')) return rejectAnswer ?? ok({ msgId: 5, status: 12 });
    return undefined;
  });
});
restoreAfterEach();
const posted = (suffix: string) => calls.filter((c) => c.url.endsWith(suffix)).map((c) => c.body);
const open = async (act = 'view') => {
  renderAt(
    `/app/1/message/editcanvas?id=5&act=${act}`,
    <JourneyEditorScreen appId={1} id={5} act={act as 'view'} />,
  );
  await screen.findByTestId('node-thanks', undefined, slow);
};
const refused = (code: number) => json(200, { status: code, msg: `refused ${code}` });

describe('JourneyEditorScreen, review modes 4 and 6', () => {
  it('mode 4: the app’s reviewer runs the journey after a confirmation naming when its entry step is sent', async () => {
    await open();
    expect(screen.getByTestId('review-note').textContent).toContain('This journey waits for your review');
    expect(screen.queryByTestId('journey-copy')).toBeNull();
    expect(screen.queryByTestId('journey-submit')).toBeNull();
    fireEvent.click(screen.getByTestId('journey-review-run'));
    const dialog = await screen.findByTestId('journey-run-dialog');
    expect(within(dialog).getByTestId('journey-run-confirm').textContent).toContain(
      '2030-05-01 09:30 (UTC+00:00)',
    );
    fireEvent.click(screen.getByTestId('journey-run-ok'));
    await waitFor(() => expect(posted('/msg/approve')).toEqual([{ msgId: 5, isAB: false, sendNow: false }]));
    expect(await screen.findByText('Journey run: its entry step is scheduled')).toBeTruthy();
  }, 60_000);

  it('asks to send now when the journey’s time has passed (90003), and names a decision taken meanwhile', async () => {
    approveAnswers = [refused(90003), refused(1050)];
    await open();
    fireEvent.click(screen.getByTestId('journey-review-run'));
    fireEvent.click(await screen.findByTestId('journey-run-ok'));
    expect(await screen.findByTestId('journey-run-passed')).toBeTruthy();
    fireEvent.click(screen.getByTestId('journey-run-ok'));
    await waitFor(() => expect(posted('/msg/approve')).toHaveLength(2));
    expect(posted('/msg/approve')[1]).toEqual({ msgId: 5, isAB: false, sendNow: true });
    expect(
      await screen.findByText(
        'This journey is no longer waiting for review: someone else decided or edited it meanwhile.',
      ),
    ).toBeTruthy();
  }, 60_000);

  it('rejects only with a reason and after a confirmation that no step will be sent', async () => {
    await open();
    fireEvent.click(screen.getByTestId('journey-review-reject'));
    await screen.findByTestId('journey-reject-dialog');
    fireEvent.click(screen.getByTestId('journey-reject-ok'));
    expect(await screen.findByText('Give a reason for the rejection')).toBeTruthy();
    fireEvent.change(screen.getByTestId('journey-reject-reason'), { target: { value: '  Wrong audience ' } });
    fireEvent.click(screen.getByTestId('journey-reject-ok'));
    const confirm = await screen.findByTestId('journey-reject-confirm');
    expect(confirm.textContent).toContain('None of its steps will ever be sent');
    expect(confirm.textContent).toContain('Wrong audience');
    expect(posted('/msg/reject')).toEqual([]);
    // Back returns to the reason, kept
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByTestId('journey-reject-confirm')).toBeNull());
    expect(screen.getByTestId<HTMLTextAreaElement>('journey-reject-reason').value).toBe('  Wrong audience ');
    fireEvent.click(screen.getByTestId('journey-reject-ok'));
    await screen.findByTestId('journey-reject-confirm');
    fireEvent.click(screen.getByTestId('journey-reject-ok'));
    await waitFor(() =>
      expect(posted('/msg/reject')).toEqual([{ msgId: 5, isAB: false, reason: 'Wrong audience' }]),
    );
    expect(await screen.findByText('Journey rejected')).toBeTruthy();
  }, 60_000);

  it('names a rejection refused because the journey was decided meanwhile (21033)', async () => {
    rejectAnswer = refused(21033);
    await open();
    fireEvent.click(screen.getByTestId('journey-review-reject'));
    fireEvent.change(await screen.findByTestId('journey-reject-reason'), { target: { value: 'No' } });
    fireEvent.click(screen.getByTestId('journey-reject-ok'));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, reject' }));
    expect(
      await screen.findByText(
        'This journey is no longer waiting for review: someone else decided or edited it meanwhile.',
      ),
    ).toBeTruthy();
  }, 60_000);

  it('mode 4’s Edit opens the canvas editable, saying that saving takes the journey out of review', async () => {
    await open();
    fireEvent.click(screen.getByTestId('journey-review-edit'));
    expect(screen.getByTestId('location').textContent).toBe('/app/1/message/editcanvas?id=5&act=edit');
  }, 60_000);

  it('mode 2 on a journey held by review: editable, with the note that saving takes it out of review', async () => {
    await open('edit');
    expect(screen.getByTestId('journey-submit')).toBeTruthy();
    expect(screen.getByTestId('review-note').textContent).toContain('takes this journey out of review');
  }, 60_000);

  it('mode 6: the platform’s administrator passes or rejects, and does not edit', async () => {
    level = 100;
    await open();
    expect(screen.getByTestId('review-note').textContent).toContain('platform’s administrator');
    expect(screen.queryByTestId('journey-review-edit')).toBeNull();
    expect(screen.getByTestId('journey-review-reject')).toBeTruthy();
    fireEvent.click(screen.getByTestId('journey-review-run'));
    expect((await screen.findByTestId('journey-run-dialog')).textContent).toContain(
      'Pass journey “Onboarding”?',
    );
    fireEvent.click(screen.getByTestId('journey-run-ok'));
    await waitFor(() => expect(posted('/msg/approve')).toHaveLength(1));
    expect(await screen.findByText('Journey passed: its entry step is scheduled')).toBeTruthy();
  }, 60_000);

  it('an operator sees the journey waiting, with Copy and without decisions', async () => {
    level = 400;
    await open();
    expect(screen.getByTestId('review-note').textContent).toContain('waits for review by the app’s owner');
    expect(screen.queryByTestId('journey-review-run')).toBeNull();
    expect(screen.queryByTestId('journey-review-reject')).toBeNull();
    expect(screen.getByTestId('journey-copy')).toBeTruthy();
  }, 60_000);

  it('a rejected journey shows the reviewer’s reason, Edit and Copy, and no decision', async () => {
    detail = journeyDetail({ status: 12, rejectReason: 'Wrong audience' });
    await open();
    expect(screen.getByTestId('review-note').textContent).toBe('Rejected by review: Wrong audience');
    expect(screen.queryByTestId('journey-review-run')).toBeNull();
    fireEvent.click(screen.getByTestId('journey-edit'));
    expect(screen.getByTestId('location').textContent).toBe('/app/1/message/editcanvas?id=5&act=edit');
  }, 60_000);
});
