import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type SystemStatus } from '@beacon/shared';
import { i18n, setLanguage } from '../../../i18n';
import { json, ok, restoreAfterEach, stubApi } from '../../../test/screen-api';
import { renderAt } from '../../../test-utils';
import SystemStatusTab from './system-status-tab';

const STATUS_PATH = '/tcm/v1/platform/system/status';

/** Two hosts (this one answering, the other silent), a replica, NATS with one replica behind, a halved project. */
const STATUS: SystemStatus = {
  checkedAt: '2030-01-01T12:00:00.000Z',
  processes: [
    {
      id: 'beta:2002:1',
      host: 'beta',
      pid: 2002,
      roles: ['workers'],
      version: '1.4.0',
      startedAt: '2030-01-01T08:00:00.000Z',
      seenAt: '2030-01-01T11:58:00.000Z',
      alive: false,
      self: false,
    },
    {
      id: 'alpha:1001:1',
      host: 'alpha',
      pid: 1001,
      roles: ['api', 'workers'],
      version: '1.4.0',
      startedAt: '2030-01-01T09:00:00.000Z',
      seenAt: '2030-01-01T11:59:48.000Z',
      alive: true,
      self: true,
    },
  ],
  database: {
    engine: 'postgres',
    version: '16.4',
    timeline: 3,
    replica: { reachable: true, bytesBehind: 1_536_000, lastReplayAgoSeconds: 4 },
  },
  eventsLog: {
    mode: 'nats',
    waiting: 12_345,
    oldestSeconds: null,
    replicas: [
      { name: 'nats-1', leader: true, current: true, lag: 0 },
      { name: 'nats-2', leader: false, current: false, lag: 2_500 },
    ],
    error: null,
  },
  jobQueues: [
    { queue: 'message-wave', ready: 0, deferred: 0, active: 0, oldestSeconds: 0 },
    { queue: 'message-dispatch', ready: 1_200, deferred: 3, active: 8, oldestSeconds: 95 },
    { queue: 'journey-step', ready: 2, deferred: 0, active: 0, oldestSeconds: 4 },
  ],
  fcmProjects: [
    {
      project: 'acme-prod',
      apps: [{ id: 1, title: 'Shop', quotaPerMinute: 600_000 }],
      rateShare: 0.5,
      loweredAt: '2030-01-01T11:55:00.000Z',
      lastSendAt: '2030-01-01T11:59:30.000Z',
    },
  ],
};

let answer: () => Response;
let calls = 0;

/** The text of a cell, with the narrow and no-break spaces Intl writes read as plain ones. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('SystemStatusTab: the deployment at a glance', () => {
  restoreAfterEach();
  beforeEach(async () => {
    await act(async () => setLanguage('en'));
    await waitFor(() => expect(i18n.language).toBe('en'));
    calls = 0;
    answer = () => ok(STATUS);
    stubApi((url) => {
      if (!url.endsWith(STATUS_PATH)) return undefined;
      calls += 1;
      return answer();
    });
  });

  it('shows the processes, database, device events and FCM projects', async () => {
    renderAt('/platformsettings?tab=system', <SystemStatusTab />);
    const processes = await screen.findByTestId('system-processes');
    const rows = within(processes).getAllByRole('row').slice(1);
    // answering first, then by host
    expect(within(rows[0]!).getByText('alpha')).toBeTruthy();
    expect(within(rows[0]!).getByText('this process')).toBeTruthy();
    expect(within(rows[0]!).getByText('Answering')).toBeTruthy();
    expect(within(rows[0]!).getByText('API')).toBeTruthy();
    expect(within(rows[0]!).getByText('Workers')).toBeTruthy();
    expect(within(rows[0]!).getByText('12 s ago')).toBeTruthy();
    expect(within(rows[1]!).getByText('beta')).toBeTruthy();
    expect(within(rows[1]!).getByText('Not answering')).toBeTruthy();
    expect(within(rows[1]!).getByText('2 min ago')).toBeTruthy();
    expect(within(rows[1]!).queryByText('this process')).toBeNull();
    expect(screen.getByTestId('system-checked-at').textContent).toMatch(/^Checked at .*2030/);

    const database = screen.getByTestId('system-database');
    expect(within(database).getByText('PostgreSQL')).toBeTruthy();
    expect(within(database).getByText('16.4')).toBeTruthy();
    expect(within(database).getByText('Reachable')).toBeTruthy();
    expect(within(database).getByText('1.5 MB')).toBeTruthy();
    expect(within(database).getByText('4 s ago')).toBeTruthy();

    const events = screen.getByTestId('system-events');
    expect(within(events).getByText('NATS JetStream')).toBeTruthy();
    expect(within(events).getByText('12,345')).toBeTruthy();
    expect(within(events).queryByText('Oldest waiting')).toBeNull();
    const replicas = screen.getByTestId('system-stream-replicas');
    expect(within(replicas).getByText('Caught up')).toBeTruthy();
    expect(within(replicas).getByText('Behind')).toBeTruthy();
    expect(within(replicas).getByText('2,500')).toBeTruthy();

    // the job queues: the oldest ready dispatch waited 95 s (the workers behind); an idle queue shows no wait
    const queues = within(screen.getByTestId('system-job-queues')).getAllByRole('row').slice(1);
    expect(within(queues[0]!).getByText('message-wave')).toBeTruthy();
    expect(within(queues[0]!).getByText('—')).toBeTruthy();
    expect(within(queues[1]!).getByText('1,200')).toBeTruthy();
    expect(within(queues[1]!).getByText('1 min ago')).toBeTruthy();
    expect(within(queues[1]!).getByText('Workers behind')).toBeTruthy();
    expect(within(queues[2]!).getByText('4 s ago')).toBeTruthy();
    expect(within(queues[2]!).queryByText('Workers behind')).toBeNull();

    const projects = screen.getByTestId('system-fcm-projects');
    expect(within(projects).getByText('acme-prod')).toBeTruthy();
    expect(within(projects).getByText('Shop (600,000/min)')).toBeTruthy();
    expect(within(projects).getByText('50%')).toBeTruthy();
    expect(within(projects).getByText('Lowered after a 429')).toBeTruthy();
    expect(within(projects).getByText('30 s ago')).toBeTruthy();
    expect(screen.queryByTestId('system-status-error')).toBeNull();

    // the Refresh button asks again (once it no longer shows a read in progress: a loading button takes no click)
    const refresh = screen.getByRole('button', { name: /Refresh/ });
    await waitFor(() => expect(refresh.className).not.toMatch(/ant-btn-loading/));
    const before = calls;
    fireEvent.click(refresh);
    await waitFor(() => expect(calls).toBe(before + 1), { timeout: 5000 });
  });

  it('shows a failed call’s message with a retry', async () => {
    answer = () => json(200, { status: 1002, msg: 'Permission denied' });
    renderAt('/platformsettings?tab=system', <SystemStatusTab />);
    const alert = await screen.findByTestId('system-status-error');
    expect(within(alert).getByText('Permission denied')).toBeTruthy();
    expect(screen.queryByTestId('system-processes')).toBeNull();

    answer = () => ok(STATUS);
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('system-processes')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('system-status-error')).toBeNull());
  });

  it('says when there is no replica, no events log and no project yet', async () => {
    answer = () =>
      ok({
        ...STATUS,
        database: { engine: 'pglite', version: '17.4', timeline: null, replica: null },
        eventsLog: { mode: 'direct', waiting: null, oldestSeconds: null, replicas: [], error: null },
        fcmProjects: [],
      } satisfies SystemStatus);
    renderAt('/platformsettings?tab=system', <SystemStatusTab />);
    const database = await screen.findByTestId('system-database');
    expect(within(database).getByText('Embedded (PGlite)')).toBeTruthy();
    expect(within(database).getByText('None configured')).toBeTruthy();
    expect(within(database).queryByText('Timeline')).toBeNull();
    expect(within(database).queryByText('Replica behind by')).toBeNull();
    expect(within(screen.getByTestId('system-events')).getByText('Applied at once')).toBeTruthy();
    // nothing waits when events are applied at once: no "Waiting" figure
    expect(within(screen.getByTestId('system-events')).queryByText('Waiting')).toBeNull();
    expect(screen.queryByTestId('system-stream-replicas')).toBeNull();
    expect(
      within(screen.getByTestId('system-fcm-projects')).getByText('No project has sent yet'),
    ).toBeTruthy();
  });

  it('shows the log table’s oldest wait and a read error as a warning', async () => {
    answer = () =>
      ok({
        ...STATUS,
        eventsLog: {
          mode: 'postgres',
          waiting: 40,
          oldestSeconds: 75,
          replicas: [],
          error: 'NATS unreachable',
        },
      } satisfies SystemStatus);
    renderAt('/platformsettings?tab=system', <SystemStatusTab />);
    const events = await screen.findByTestId('system-events');
    expect(within(events).getByText('Log table in PostgreSQL')).toBeTruthy();
    expect(within(events).getByText('75 s')).toBeTruthy();
    expect(screen.getByText('NATS unreachable').closest('.ant-alert-warning')).toBeTruthy();
  });

  it('speaks French', async () => {
    await act(async () => setLanguage('fr'));
    await waitFor(() => expect(i18n.language).toBe('fr'));
    renderAt('/platformsettings?tab=system', <SystemStatusTab />);
    const processes = await screen.findByTestId('system-processes');
    expect(within(processes).getByText('Ne répond plus')).toBeTruthy();
    expect(within(processes).getByText('ce processus')).toBeTruthy();
    expect(within(processes).getByText('il y a 12 s')).toBeTruthy();
    expect(within(screen.getByTestId('system-stream-replicas')).getByText('En retard')).toBeTruthy();
    const projects = screen.getByTestId('system-fcm-projects');
    expect(
      within(projects).getByText((_, el) => el?.tagName === 'SPAN' && plain(el.textContent) === '50 %'),
    ).toBeTruthy();
    expect(
      within(projects).getByText(
        (_, el) => el?.tagName === 'SPAN' && plain(el.textContent) === 'Shop (600 000/min)',
      ),
    ).toBeTruthy();
    expect(plain(within(screen.getByTestId('system-database')).getByText(/Mo$/).textContent)).toBe('1,5 Mo');
    expect(screen.getByRole('button', { name: /Actualiser/ })).toBeTruthy();
  });
});
