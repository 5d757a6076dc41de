import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppListRequest, LIMITS, MessageListRequest, TagListRequest, TeamListRequest } from '@beacon/shared';
import { SearchBox } from '../components/list-header';
import { renderAt } from '../test-utils';
import {
  pageOf,
  readListFilters,
  useListFilters,
  writeListFilters,
  type ListFiltersPatch,
} from './list-filters';

const TEAM = { fields: ['email'], search: 'email' } as const;

describe('list filters in the URL', () => {
  it('reads the fields and the page with the call schema, the size from its default', () => {
    expect(readListFilters(new URLSearchParams('email=ann&page=3'), TeamListRequest, TEAM)).toEqual({
      email: 'ann',
      pageNo: 3,
      pageSize: 20,
    });
    expect(readListFilters(new URLSearchParams(''), TeamListRequest, TEAM)).toEqual({
      email: '',
      pageNo: 1,
      pageSize: 20,
    });
  });

  it('drops what the schema refuses: pages that are not whole numbers from 1, unknown values', () => {
    for (const page of ['0', '-2', '2.5', 'x', '', '1e3'])
      expect(readListFilters(new URLSearchParams({ page }), TeamListRequest, TEAM).pageNo).toBe(1);
    const tags = { fields: ['name', 'flag'] } as const;
    expect(readListFilters(new URLSearchParams('flag=LABEL'), TagListRequest, tags).flag).toBe('LABEL');
    expect(readListFilters(new URLSearchParams('flag=OTHER'), TagListRequest, tags).flag).toBeUndefined();
    expect(pageOf(4)).toBe(4);
    expect(pageOf(undefined)).toBe(1);
    expect(pageOf(true)).toBe(1);
  });

  it('reads and writes a field under its URL name, and the page under its own', () => {
    const options = { fields: ['title'], names: { title: 'q' }, pageParam: 'p' } as const;
    expect(readListFilters(new URLSearchParams('q=shop&p=2&title=x'), AppListRequest, options)).toMatchObject(
      {
        title: 'shop',
        pageNo: 2,
      },
    );
    expect(
      writeListFilters(new URLSearchParams('p=2'), { title: 'new' }, AppListRequest, options).toString(),
    ).toBe('q=new');
  });

  it('writes a change over the other parameters: page 1 again when a filter changes, defaults left out', () => {
    const prev = new URLSearchParams('email=ann&page=3&tab=team');
    const write = (patch: ListFiltersPatch<typeof TeamListRequest, 'email'>) =>
      writeListFilters(prev, patch, TeamListRequest, TEAM).toString();
    expect(write({ email: 'bob' })).toBe('email=bob&tab=team');
    expect(write({ email: '' })).toBe('tab=team');
    expect(write({ pageNo: 4 })).toBe('email=ann&page=4&tab=team');
    expect(write({ pageNo: 1 })).toBe('email=ann&tab=team');
    const zone = { fields: ['tz'] } as const;
    expect(
      writeListFilters(
        new URLSearchParams('tz=%2B0100'),
        { tz: '+0000' },
        MessageListRequest,
        zone,
      ).toString(),
    ).toBe('');
  });
});

function TeamList() {
  const { filters, update, search } = useListFilters(TeamListRequest, TEAM);
  return (
    <>
      <SearchBox label="search" {...search} />
      <output data-testid="filters">{JSON.stringify(filters)}</output>
      <button type="button" onClick={() => update({ pageNo: filters.pageNo + 1 })}>
        next
      </button>
    </>
  );
}

describe('useListFilters', () => {
  afterEach(() => vi.useRealTimers());

  it('commits the search box 500 ms after the last keystroke, trimmed, on page 1, keeping other parameters', () => {
    vi.useFakeTimers();
    renderAt('/team?email=ann&page=3&tab=x', <TeamList />);
    const location = () => screen.getByTestId('location').textContent;
    const box = screen.getByPlaceholderText('search');
    expect(box).toHaveProperty('value', 'ann');

    fireEvent.change(box, { target: { value: 'bo' } });
    act(() => {
      vi.advanceTimersByTime(LIMITS.searchDebounceMs - 100);
    });
    fireEvent.change(box, { target: { value: 'bob ' } });
    act(() => {
      vi.advanceTimersByTime(LIMITS.searchDebounceMs - 1);
    });
    expect(location()).toBe('/team?email=ann&page=3&tab=x');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(location()).toBe('/team?email=bob&tab=x');
    expect(box).toHaveProperty('value', 'bob ');

    // the same term again (trimmed) is no change: the page stays
    fireEvent.click(screen.getByText('next'));
    expect(location()).toBe('/team?email=bob&tab=x&page=2');
    fireEvent.change(box, { target: { value: 'bob' } });
    act(() => {
      vi.advanceTimersByTime(LIMITS.searchDebounceMs);
    });
    expect(location()).toBe('/team?email=bob&tab=x&page=2');

    fireEvent.change(box, { target: { value: '' } });
    act(() => {
      vi.advanceTimersByTime(LIMITS.searchDebounceMs);
    });
    expect(location()).toBe('/team?tab=x');
    expect(JSON.parse(screen.getByTestId('filters').textContent ?? '')).toEqual({
      email: '',
      pageNo: 1,
      pageSize: 20,
    });
  });
});
