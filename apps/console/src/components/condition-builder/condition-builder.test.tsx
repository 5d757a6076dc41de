import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { completeConditions, type ConditionDraft } from '@beacon/shared';
import { renderAt } from '../../test-utils';
import { ConditionBuilder } from './condition-builder';
import type { ConditionDictionaries } from './types';

const DICT: ConditionDictionaries = {
  countries: [
    { value: 'NG', label: 'Nigeria (NG)' },
    { value: 'KE', label: 'Kenya (KE)' },
  ],
  languages: [{ value: 'pt', label: 'Portuguese (pt)' }],
  brands: [{ brand: 'TECNO', models: ['SPARK 10'] }],
  operators: ['MTN'],
  appVersions: ['3.0.0'],
  androidVersions: [{ api: 33, version: '13' }],
  interestTags: [{ id: 1, code: 'sport', name: 'Sport', nameEn: 'Sport', children: [] }],
  audiencePackages: [{ id: 2, code: 'bots', name: 'Bots' }],
  advancedTargeting: false,
  attributes: [
    { key: 'plan', type: 'string' },
    { key: 'score', type: 'number' },
    { key: 'signup', type: 'date' },
    { key: 'vip', type: 'boolean' },
  ],
  eventNames: ['purchase', 'open'],
};

let latest: ConditionDraft[] = [];
function Harness({
  initial = [],
  dict = DICT,
}: {
  initial?: ConditionDraft[];
  dict?: ConditionDictionaries;
}) {
  const [rows, setRows] = useState<ConditionDraft[]>(initial);
  latest = rows;
  return <ConditionBuilder value={rows} onChange={setRows} dictionaries={dict} />;
}

const combobox = (name: string) => screen.getByRole('combobox', { name });
async function choose(name: string, option: string) {
  fireEvent.mouseDown(combobox(name));
  fireEvent.change(combobox(name), { target: { value: option.slice(0, 8) } });
  const items = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
  await act(async () => fireEvent.click(items[items.length - 1]!));
}
const optionsOf = async (name: string, search = '') => {
  fireEvent.mouseDown(combobox(name));
  if (search) fireEvent.change(combobox(name), { target: { value: search } });
  await waitFor(() =>
    expect(document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).not.toBeNull(),
  );
  return [
    ...document.querySelectorAll(
      '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-content',
    ),
  ].map((e) => e.textContent);
};
const addButton = () => screen.getByRole('button', { name: /Add condition/ });

afterEach(() => cleanup());

describe('ConditionBuilder', () => {
  it('builds a complete condition and only then allows another row', async () => {
    renderAt('/', <Harness />);
    expect(addButton()).toHaveProperty('disabled', true);
    await choose('Condition 1 attribute', 'Country');
    expect(latest[0]).toMatchObject({ label: 'country', op: 'in', values: [] });
    expect(addButton()).toHaveProperty('disabled', true);
    await choose('Condition 1 values', 'Nigeria (NG)');
    await waitFor(() => expect(latest[0]?.values).toEqual(['NG']));
    expect(addButton()).toHaveProperty('disabled', false);
    fireEvent.click(addButton());
    expect(latest).toHaveLength(2);
    expect(addButton()).toHaveProperty('disabled', true);
    expect(completeConditions(latest)).toEqual([
      { label: 'country', op: 'in', values: ['NG'], allSelected: 0 },
    ]);
  });

  it('offers each label once, keeps appVersion and appVersionCode apart, and hides advanced labels', async () => {
    renderAt(
      '/',
      <Harness
        initial={[
          { label: 'country', op: 'in', values: ['NG'] },
          { label: 'appVersion', op: 'in', values: ['3.0.0'] },
          {},
        ]}
      />,
    );
    const offered = [
      ...(await optionsOf('Condition 3 attribute', 'a')),
      ...(await optionsOf('Condition 3 attribute', 'e')),
      ...(await optionsOf('Condition 3 attribute', 'o')),
    ];
    expect(offered).toContain('Language');
    expect(offered).not.toContain('Country');
    expect(offered).not.toContain('App version');
    expect(offered).not.toContain('App version code');
    expect(offered).not.toContain('Interest tags');
    expect(await optionsOf('Condition 3 attribute', 'packages')).toEqual([]);
  });

  it('offers advanced labels when the app allows them', async () => {
    renderAt('/', <Harness dict={{ ...DICT, advancedTargeting: true }} />);
    expect(await optionsOf('Condition 1 attribute', 'tags')).toEqual(['Interest tags']);
    cleanup();
    renderAt('/', <Harness dict={{ ...DICT, advancedTargeting: true }} />);
    expect(await optionsOf('Condition 1 attribute', 'packages')).toEqual([
      'Audience packages',
      'Non-human packages',
    ]);
  });

  it('selects all with the checkbox, edits a between range, and removes rows', async () => {
    renderAt(
      '/',
      <Harness
        initial={[
          { label: 'country', op: 'in', values: ['NG'] },
          { label: 'appVersionCode', op: 'between', values: [] },
        ]}
      />,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'All' }));
    expect(latest[0]).toMatchObject({ allSelected: 1, values: [] });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Condition 2 values Min' }), {
      target: { value: '100' },
    });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Condition 2 values Max' }), {
      target: { value: '200' },
    });
    await waitFor(() => expect(latest[1]?.values).toEqual(['100', '200']));
    expect(completeConditions(latest)).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Remove condition 1' }));
    expect(latest.map((r) => r.label)).toEqual(['appVersionCode']);
  });

  it('shows serverInactiveUser as complete without operator or values', async () => {
    renderAt('/', <Harness />);
    await choose('Condition 1 attribute', 'Inactive 90+ days');
    expect(screen.getByText('Devices with no activity for 90 days or more')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Condition 1 operator' })).toBeNull();
    expect(addButton()).toHaveProperty('disabled', false);
  });

  it('builds user attribute rows: the key from the app’s attributes, ops and values by its type, any number of rows', async () => {
    renderAt('/', <Harness />);
    await choose('Condition 1 attribute', 'User attribute');
    expect(latest[0]).toMatchObject({ label: 'attribute', op: '' });
    expect(addButton()).toHaveProperty('disabled', true);
    await choose('Condition 1 user attribute', 'score (number)');
    expect(latest[0]).toMatchObject({ key: 'score', attributeType: 'number', op: 'in', values: [] });
    await choose('Condition 1 operator', 'greater than');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Condition 1 values Value' }), {
      target: { value: '2.5' },
    });
    await waitFor(() => expect(latest[0]?.values).toEqual(['2.5']));
    expect(addButton()).toHaveProperty('disabled', false);
    fireEvent.click(addButton());
    // the label repeats, each row its own key
    await choose('Condition 2 attribute', 'User attribute');
    await choose('Condition 2 user attribute', 'vip (yes/no)');
    expect(latest[1]).toMatchObject({ key: 'vip', attributeType: 'boolean', op: 'in' });
    // the dropdown opened last lists its options last (an earlier one stays in the page)
    expect((await optionsOf('Condition 2 values')).slice(-2)).toEqual(['true', 'false']);
    await choose('Condition 2 operator', 'is not set');
    expect(screen.getByText('Devices without a user, or users without this attribute')).toBeTruthy();
    expect(completeConditions(latest)).toEqual([
      {
        label: 'attribute',
        key: 'score',
        attributeType: 'number',
        op: 'gt',
        values: ['2.5'],
        allSelected: 0,
      },
      {
        label: 'attribute',
        key: 'vip',
        attributeType: 'boolean',
        op: 'notExists',
        values: [],
        allSelected: 0,
      },
    ]);
  });

  it('takes a date attribute’s window in days, and keeps the op of a key of the same type', async () => {
    renderAt(
      '/',
      <Harness initial={[{ label: 'attribute', key: 'signup', attributeType: 'date', op: 'within' }]} />,
    );
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Condition 1 values Days' }), {
      target: { value: '30' },
    });
    await waitFor(() => expect(latest[0]?.values).toEqual(['30']));
    expect(completeConditions(latest)[0]).toMatchObject({ key: 'signup', op: 'within', values: ['30'] });
    await choose('Condition 1 user attribute', 'plan (text)');
    expect(latest[0]).toMatchObject({ key: 'plan', attributeType: 'string', op: 'in', values: [] });
  });

  it('builds custom event rows: the name from the app’s events, at least N times in the last D days', async () => {
    renderAt('/', <Harness />);
    await choose('Condition 1 attribute', 'Custom event');
    expect(latest[0]).toMatchObject({ label: 'event', op: 'atLeast' });
    expect((await optionsOf('Condition 1 custom event')).slice(-2)).toEqual(['purchase', 'open']);
    await choose('Condition 1 custom event', 'purchase');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Condition 1 values Times' }), {
      target: { value: '3' },
    });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Condition 1 values Days' }), {
      target: { value: '7' },
    });
    await waitFor(() => expect(latest[0]?.values).toEqual(['3', '7']));
    expect(completeConditions(latest)).toEqual([
      { label: 'event', event: 'purchase', op: 'atLeast', values: ['3', '7'], allSelected: 0 },
    ]);
    await choose('Condition 1 operator', 'not done in the last (days)');
    expect(latest[0]).toMatchObject({ op: 'notWithin', values: [] });
    expect(addButton()).toHaveProperty('disabled', true);
  });

  it('says when the app has no attributes to pick', async () => {
    renderAt('/', <Harness dict={{ ...DICT, attributes: [] }} initial={[{ label: 'attribute', op: '' }]} />);
    fireEvent.mouseDown(combobox('Condition 1 user attribute'));
    expect(await screen.findByText('This app has no user attributes yet')).toBeTruthy();
  });

  // the inputs' min / max clamped these on blur without a word (API 99 became 35, 400 days became 365)
  it.each([
    [
      'an Android version',
      { label: 'osVersion', op: 'gte' },
      'Condition 1 values Value',
      '99',
      'A whole number from 14 to 35',
    ],
    [
      'an app version code',
      { label: 'appVersionCode', op: 'lt' },
      'Condition 1 values Value',
      '-3',
      'A whole number from 0 to 2,147,483,647',
    ],
    [
      'an event count',
      { label: 'event', event: 'purchase', op: 'atLeast' },
      'Condition 1 values Times',
      '2000000',
      'A whole number from 1 to 1,000,000',
    ],
    [
      'an event window',
      { label: 'event', event: 'purchase', op: 'notWithin' },
      'Condition 1 values Days',
      '400',
      'A whole number of days from 1 to 365',
    ],
    [
      'a date attribute window',
      { label: 'attribute', key: 'signup', attributeType: 'date', op: 'within' },
      'Condition 1 values Days',
      '4000',
      'A whole number of days from 1 to 3,650',
    ],
  ] as const)('keeps %s typed out of range and names the range', async (_what, row, name, typed, text) => {
    renderAt('/', <Harness initial={[row]} />);
    const input = screen.getByRole<HTMLInputElement>('spinbutton', { name });
    fireEvent.change(input, { target: { value: typed } });
    fireEvent.blur(input);
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(input.value).toBe(typed);
    expect(latest[0]?.values?.[0]).toBe(typed);
    // back in range, the error goes
    fireEvent.change(input, { target: { value: '20' } });
    fireEvent.blur(input);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
