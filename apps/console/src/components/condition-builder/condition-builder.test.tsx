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
});
