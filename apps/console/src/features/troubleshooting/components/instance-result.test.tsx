import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type InstanceInfo } from '@beacon/shared';
import { renderAt } from '../../../test-utils';
import { InstanceResult } from './instance-result';

const base: InstanceInfo = {
  status: 1,
  instanceActivationTime: '2025-01-01T10:00:00.000Z',
  appActivationTime: '2025-03-01T10:00:00.000Z',
  lastActiveTime: null,
  model: 'SPARK 10',
  brand: 'TECNO',
  country: 'NG',
  countryName: 'Nigeria',
  language: 'pt_BR',
  appVer: '3.2.1',
  appVersionCode: 321,
  androidVersion: 33,
  timezone: null,
  noticeEnable: true,
  invalidReason: null,
  invalidReasons: [],
  solution: null,
  customEvents: [],
  user: null,
};

afterEach(cleanup);

describe('InstanceResult', () => {
  it('shows a valid device: banner, Android name, country and language names, dashes for blanks', () => {
    renderAt('/', <InstanceResult info={base} appTitle="Shop" />);
    expect(screen.getByText('This device can receive messages from Shop')).toBeTruthy();
    expect(screen.getByText('Android 13 (API 33)')).toBeTruthy();
    expect(screen.getByText('Nigeria (NG)')).toBeTruthy();
    expect(screen.getByText('Brazilian Portuguese (pt_BR)')).toBeTruthy();
    expect(screen.getByText('3.2.1 (321)')).toBeTruthy();
    expect(screen.getAllByText('–').length).toBeGreaterThanOrEqual(4);
  });

  it('explains an invalid device: main reason, what to do, other reasons, unknown values raw', () => {
    renderAt(
      '/',
      <InstanceResult
        info={{
          ...base,
          status: 2,
          noticeEnable: false,
          invalidReason: 1,
          invalidReasons: [1, 2, 9],
          solution: 1,
          androidVersion: 99,
        }}
        appTitle="Shop"
      />,
    );
    expect(
      screen.getByText('This device does not receive messages: notifications are disabled'),
    ).toBeTruthy();
    expect(screen.getByText(/^What to do: ask the user to enable notifications/)).toBeTruthy();
    expect(screen.getByText('Also: new device (7-day protection) · 9')).toBeTruthy();
    expect(screen.getByText('Invalid')).toBeTruthy();
    expect(screen.getByText('Yes')).toBeTruthy();
    expect(screen.getByText('API 99')).toBeTruthy();
  });

  it('lists the device’s recent custom events with their properties, or says there are none', () => {
    renderAt('/', <InstanceResult info={base} appTitle="Shop" />);
    expect(screen.getByText('This device has reported no custom events within the kept weeks.')).toBeTruthy();
    cleanup();
    const info: InstanceInfo = {
      ...base,
      customEvents: [
        { name: 'purchase', at: '2025-03-02T10:00:00.000Z', properties: { price: 9.5, gift: false } },
      ],
    };
    renderAt('/', <InstanceResult info={info} appTitle="Shop" />);
    expect(screen.getByText('purchase')).toBeTruthy();
    expect(screen.getByText('price: 9.5')).toBeTruthy();
    expect(screen.getByText('gift: false')).toBeTruthy();
  });

  it('shows the device’s user: external id (or anonymous) and attributes by key', () => {
    renderAt(
      '/',
      <InstanceResult
        info={{
          ...base,
          user: { externalId: 'user-42', attributes: { vip: true, plan: 'gold', tags: ['shoes', 'bags'] } },
        }}
        appTitle="Shop"
      />,
    );
    expect(screen.getByText('user-42')).toBeTruthy();
    const attributes = screen.getByTestId('instance-attributes');
    expect(attributes.textContent).toBe('plan goldtags shoes, bagsvip true');
    cleanup();
    renderAt(
      '/',
      <InstanceResult info={{ ...base, user: { externalId: null, attributes: {} } }} appTitle="Shop" />,
    );
    expect(screen.getByText('anonymous')).toBeTruthy();
  });
});
