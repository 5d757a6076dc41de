import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  abTestDetail,
  appInfo,
  DICTS,
  errorOf,
  field,
  json,
  messageDetail,
  ok,
  restoreAfterEach,
  slow,
  stubApi,
} from '../../../test/screen-api';
import { renderAt } from '../../../test-utils';
import { AbComposeScreen } from './ab-compose-screen';

/** The sub-config a saved test's arms carry: channel, group and, in the custom-design arm A, the layout. */
const CHANNEL = {
  noti_channel_id: 'promo',
  noti_channel_name: 'Promotions',
  noti_group_id: 'sale',
  noti_group_max: 5,
};
const ARM_DATA: Record<number, Record<string, unknown>> = {
  51: {
    noti_type: 3,
    noti_title: 'Half price',
    noti_desc: 'Today only',
    noti_icon: '/files/big.png',
    noti_ex_type: 1,
    noti_open_type: 1,
    noti_open_content: 'shop://sale',
    ...CHANNEL,
    noti_layout_id: 7,
  },
  52: {
    noti_type: 1,
    noti_title: '50 % off',
    noti_desc: 'Until midnight',
    noti_small_icon: '/files/icon.png',
    noti_ex_type: 1,
    noti_open_type: 1,
    noti_open_content: 'shop://deals',
    ...CHANNEL,
  },
};

const AB_DETAIL = abTestDetail({ title: 'Channel test', speedLimit: 0 });

let saved: Array<{ childMsgs: Array<{ data: Record<string, unknown> }> }> = [];
let saveAnswer: (() => Response) | undefined;

beforeEach(() => {
  saved = [];
  saveAnswer = undefined;
  stubApi((url, init) => {
    if (url.endsWith('/app/1/info')) return ok(appInfo());
    if (url.endsWith('/app/1/icon')) return ok({ icon: '/files/icon.png', color: '#1A73E8' });
    if (url.includes('/dict/1/all')) return ok(DICTS);
    if (url.endsWith('/msg/target/max')) return ok({ newCount: 1000, exact: true });
    if (url.endsWith('/msg/abtest/5/detail')) return ok(AB_DETAIL);
    if (url.endsWith('/msg/detail')) {
      const { id } = JSON.parse(init?.body as string) as { id: number };
      return ok(
        messageDetail({
          id,
          msgId: id,
          msgType: 1,
          title: 'Channel test',
          status: 2,
          parentMsgId: 5,
          scheduleType: 1,
          scheduleDate: null,
          scheduleUTC: '+0800',
          data: ARM_DATA[id],
        }),
      );
    }
    if (url.endsWith('/msg/abtest/create')) {
      saved.push(JSON.parse(init?.body as string) as (typeof saved)[number]);
      return saveAnswer ? saveAnswer() : ok({ id: 5, msgId: 5, status: 0 });
    }
    return undefined;
  });
});
restoreAfterEach();

const type = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });
const review = (name: RegExp) => fireEvent.click(screen.getByRole('button', { name }));
/** Whether the sub-config panel is expanded. */
const subConfigOpen = () =>
  document.querySelector('#ab-sub-config .ant-collapse-item')?.classList.contains('ant-collapse-item-active');

describe('A/B test sub-config', () => {
  it('starts collapsed, offers the layout number only with a custom-design arm, and checks with the contract at its fields', async () => {
    renderAt('/app/1/message/editabtest', <AbComposeScreen appId={1} />);
    await screen.findByText('New A/B test', undefined, slow);
    expect(subConfigOpen()).toBe(false);
    fireEvent.click(screen.getByText('Sub-config'));
    await waitFor(() => expect(subConfigOpen()).toBe(true));
    // both arms use the system design: no layout number
    expect(field('notiLayoutId')).toBeNull();
    expect(screen.getByTestId('sub-config-layout-note').textContent).toBe(
      'A layout number can be set when an arm uses the custom design.',
    );
    type('description', 'Channel test');
    type('armA_title', 'Half price');
    type('armA_desc', 'Today only');
    type('armA_openContent', 'shop://sale');
    type('armB_title', '50 % off');
    type('armB_desc', 'Until midnight');
    type('armB_openContent', 'shop://deals');
    type('notiChannelName', 'Promotions and sales');
    type('notiGroupMax', '101');
    // collapsed again: a problem in it opens it
    fireEvent.click(screen.getByText('Sub-config'));
    await waitFor(() => expect(subConfigOpen()).toBe(false));
    review(/Review and send/);
    await waitFor(
      () => expect(errorOf('notiGroupMax')).toBe('A whole number from 0 to 100 (0: no limit)'),
      slow,
    );
    expect(errorOf('notiChannelName')).toBe('At most 16 characters');
    expect(subConfigOpen()).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();

    type('notiChannelName', 'Promotions');
    type('notiChannelId', 'promo');
    type('notiGroupMax', '0');
    review(/Review and send/);
    const dialog = await screen.findByRole('dialog', {}, slow);
    const sub = within(dialog).getByTestId('confirm-sub-config');
    expect(within(sub).getByText('Channel ID').closest('tr')?.textContent).toBe('Channel IDpromo');
    expect(within(sub).getByText('Channel name').closest('tr')?.textContent).toBe('Channel namePromotions');
    // empty and 0 (no limit) are not sent, nor shown
    expect(within(sub).queryByText('Group ID')).toBeNull();
    expect(within(sub).queryByText('Group max count')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(saved).toHaveLength(1), slow);
    for (const arm of saved[0]!.childMsgs) {
      expect(arm.data).toMatchObject({ noti_channel_id: 'promo', noti_channel_name: 'Promotions' });
      for (const key of ['noti_group_id', 'noti_group_max', 'noti_layout_id'])
        expect(arm.data).not.toHaveProperty(key);
    }
  }, 120_000);

  it('restores the sub-config on edit, writes the layout to the custom-design arm only and shows it in the confirmation', async () => {
    renderAt('/app/1/message/editabtest?id=5&act=edit', <AbComposeScreen appId={1} id={5} act="edit" />);
    await screen.findByText('Edit A/B test', undefined, slow);
    // set: it opens expanded, with every value back
    expect(subConfigOpen()).toBe(true);
    expect(field('notiLayoutId').value).toBe('7');
    expect(field('notiChannelId').value).toBe('promo');
    expect(field('notiChannelName').value).toBe('Promotions');
    expect(field('notiGroupId').value).toBe('sale');
    expect(field('notiGroupMax').value).toBe('5');
    expect(
      field('notiLayoutId').closest('.ant-form-item')?.querySelector('.ant-form-item-extra')?.textContent,
    ).toContain('Written to Test A');
    type('notiLayoutId', '1001');
    review(/Review and save/);
    await waitFor(() => expect(errorOf('notiLayoutId')).toBe('A whole number from 0 to 1000'), slow);
    type('notiLayoutId', '12');
    type('notiGroupMax', '8');
    review(/Review and save/);
    const dialog = await screen.findByRole('dialog', {}, slow);
    const sub = within(dialog).getByTestId('confirm-sub-config');
    expect(
      [...sub.querySelectorAll('tr')].map((tr) => [
        tr.querySelector('.ant-descriptions-item-label')?.textContent,
        tr.querySelector('.ant-descriptions-item-content')?.textContent,
      ]),
    ).toEqual([
      ['Layout number', '12 · Test A'],
      ['Channel ID', 'promo'],
      ['Channel name', 'Promotions'],
      ['Group ID', 'sale'],
      ['Group max count', '8'],
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1), slow);
    const [a, b] = saved[0]!.childMsgs;
    const channel = { ...CHANNEL, noti_group_max: 8 };
    expect(a!.data).toMatchObject({ noti_type: 3, ...channel, noti_layout_id: 12 });
    expect(b!.data).toMatchObject({ noti_type: 1, ...channel });
    expect(b!.data).not.toHaveProperty('noti_layout_id');
  }, 120_000);

  it('copies the sub-config, and shows a refusal of it at its field, opening it', async () => {
    saveAnswer = () =>
      json(400, {
        status: 400,
        msg: 'childMsgs.1.data.noti_group_id is invalid',
        data: {
          fields: [{ field: 'childMsgs.1.data.noti_group_id', message: 'is not a group of this app' }],
        },
      });
    renderAt('/app/1/message/editabtest?id=5&act=copy', <AbComposeScreen appId={1} id={5} act="copy" />);
    await screen.findByText('Copy of an A/B test', undefined, slow);
    expect(field('notiGroupId').value).toBe('sale');
    fireEvent.click(screen.getByText('Sub-config'));
    await waitFor(() => expect(subConfigOpen()).toBe(false));
    review(/Review and send/);
    const dialog = await screen.findByRole('dialog', {}, slow);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(saved).toHaveLength(1), slow);
    expect(saved[0]!.childMsgs[0]!.data).toMatchObject({ ...CHANNEL, noti_layout_id: 7 });
    expect(saved[0]).not.toHaveProperty('id');
    await waitFor(() => expect(errorOf('notiGroupId')).toBe('is not a group of this app'), slow);
    expect(subConfigOpen()).toBe(true);
  }, 120_000);

  it('has no sub-config for transparent arms', async () => {
    renderAt('/app/1/message/editabtest', <AbComposeScreen appId={1} />);
    await screen.findByText('New A/B test', undefined, slow);
    expect(screen.getByText('Sub-config')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Transparent data' }));
    await waitFor(() => expect(screen.queryByText('Sub-config')).toBeNull(), slow);
    // slow push stays in Delivery
    expect(screen.getByRole('switch', { name: 'Slow push' })).toBeTruthy();
  }, 120_000);
});
