import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test-utils';
import { ComposeScreen } from './compose-screen';

/**
 * Personalised content in compose (issue 33 §4): the preview renders templates with their defaults, then with a
 * device's values (msg/template/values); a template naming an unknown variable is an error under its field while
 * typing, as the save would refuse it.
 */
const APP_INFO = {
  appId: 1,
  title: 'Acme Shop',
  pkg: 'com.acme.shop',
  logo: '',
  ownerEmail: 'o@example.com',
  projectLevel: 200,
  reviewEnable: false,
  materialReviewEnable: false,
  advanceTarget: false,
  multiLangEnable: false,
  localTimeEnable: true,
  displayPriorityEnable: false,
  linksEnable: true,
  limitEnable: false,
  limitCount: 0,
  uploadFileLimit: 30,
  destroy: 0,
  serverUTC: '+0800',
  hasServiceAccount: true,
  commercialEnable: false,
};
const GAID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const VARIABLES = ['device.country', 'device.model', 'user.id'];
const ok = (data: unknown) =>
  new Response(JSON.stringify({ status: 200, msg: 'success', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
const asked: unknown[] = [];

beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/app/1/info')) return ok(APP_INFO);
      if (url.endsWith('/app/1/icon')) return ok({ icon: '/files/icon.png', color: '#1A73E8' });
      if (url.endsWith('/msg/target/max')) return ok({ newCount: 10, exact: true });
      if (url.endsWith('/device/list'))
        return ok({
          results: [{ id: 1, name: 'QA phone', desc: '', gaid: GAID, valid: 1, updateTime: '' }],
          total: 1,
        });
      if (url.endsWith('/msg/template/values')) {
        const body = JSON.parse(init?.body as string) as { instanceId?: string };
        asked.push(body);
        return ok({
          variables: VARIABLES,
          values: body.instanceId
            ? { device: { country: 'FR', model: 'Pixel 8' }, userId: 'u-42', attributes: {} }
            : null,
        });
      }
      return new Response(JSON.stringify({ status: 404, msg: 'not found' }), { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const field = (id: string) => document.getElementById(id) as HTMLInputElement;
const errorOf = (id: string) =>
  field(id).closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent ?? '';
const previewTitle = () => screen.getAllByTestId('push-preview-title')[0]?.textContent;

describe('ComposeScreen: personalised content', () => {
  it('previews with the defaults, then as a device, and shows an unknown variable under its field', async () => {
    renderAt('/app/1/message/editpush', <ComposeScreen appId={1} />);
    await screen.findByText('New notification');
    fireEvent.change(field('title'), {
      target: { value: 'Hi {{ user.id | default: "there" }} in {{ device.country }}' },
    });
    await waitFor(() => expect(previewTitle()?.trim()).toBe('Hi there in'), { timeout: 15_000 });
    expect(screen.getByTestId('preview-as-device-note').textContent).toBe(
      'Without a device, personalised fields show their defaults.',
    );

    const picker = screen.getByLabelText('Preview as device');
    fireEvent.change(picker, { target: { value: GAID } });
    await waitFor(() => expect(previewTitle()).toBe('Hi u-42 in FR'), { timeout: 15_000 });
    expect(asked).toContainEqual({ instanceId: GAID });

    fireEvent.change(field('desc'), { target: { value: 'Only for {{ first_name }}' } });
    await waitFor(
      () =>
        expect(errorOf('desc')).toBe(
          'Unknown variable “first_name”: use device fields (device.country…), user.id or the app’s user attributes',
        ),
      { timeout: 15_000 },
    );
    fireEvent.change(field('desc'), { target: { value: '{% for x in y %}{% endfor %}' } });
    await waitFor(() => expect(errorOf('desc')).toContain('“for” is not allowed'), { timeout: 15_000 });
  });
});
