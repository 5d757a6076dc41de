import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type JourneyEntry, type JourneyWait } from '@beacon/shared';
import { ok, restoreAfterEach, slow, stubApi } from '../../../test/screen-api';
import { renderAt } from '../../../test-utils';
import { EntryForm } from './entry-form';
import { WaitInput } from './wait-input';

beforeEach(() => {
  stubApi((url) =>
    url.includes('/custom-events/names')
      ? ok({
          list: [{ id: 1, name: 'purchase', properties: [], firstSeen: '', lastSeen: '', events: 1 }],
          total: 1,
          limits: { namesPerApp: 200, propertiesPerEvent: 20 },
        })
      : undefined,
  );
});
restoreAfterEach();
afterEach(cleanup);

let latestWait: JourneyWait | undefined;
function Wait({ initial }: { initial: JourneyWait }) {
  const [wait, setWait] = useState(initial);
  latestWait = wait;
  return <WaitInput value={wait} onChange={setWait} />;
}

let latestEntry: JourneyEntry | undefined;
function Entry({ initial }: { initial: JourneyEntry }) {
  const [entry, setEntry] = useState(initial);
  latestEntry = entry;
  return <EntryForm appId={1} entry={entry} readOnly={false} onChange={setEntry} />;
}

const errorOf = (input: HTMLElement) =>
  input.closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent ?? '';

// the inputs' min / max clamped these on blur without a word (900 hours became 720, 0 became 1)
describe('the journey waits and re-entry counts out of range', () => {
  it.each([
    ['hours', '900', 'A whole number of hours from 1 to 720'],
    ['days', '45', 'A whole number of days from 1 to 30'],
    ['hours', '0', 'A whole number of hours from 1 to 720'],
  ] as const)('keeps a wait in %s of %s as typed and names the range', async (unit, typed, text) => {
    renderAt('/', <Wait initial={{ unit, value: 1 }} />);
    const input = screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Wait length' });
    fireEvent.change(input, { target: { value: typed } });
    fireEvent.blur(input);
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(input.value).toBe(typed);
    expect(latestWait).toEqual({ unit, value: Number(typed) });
    fireEvent.change(input, { target: { value: '12' } });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it.each([
    ['after', { kind: 'after', hours: 24 }, 'Again after', '9000', 'A whole number of hours from 1 to 8,760'],
    [
      'every',
      { kind: 'every', perDay: 1 },
      'Every time, at most',
      '0',
      'A whole number of entries a day from 1 to 100',
    ],
  ] as const)(
    'keeps a re-entry %s count as typed and names the range',
    async (kind, reEntry, name, typed, text) => {
      const initial: JourneyEntry = {
        kind: 'event',
        name: 'purchase',
        properties: [],
        reEntry,
        exitName: null,
      };
      renderAt('/', <Entry initial={initial} />);
      const input = screen.getByRole<HTMLInputElement>('spinbutton', { name });
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.blur(input);
      await waitFor(() => expect(errorOf(input)).toBe(text), slow);
      expect(input.value).toBe(typed);
      expect(latestEntry).toMatchObject({ reEntry: { kind } });
    },
  );
});
