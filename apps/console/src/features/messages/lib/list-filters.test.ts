import { describe, expect, it } from 'vitest';
import {
  digitsOrEmpty,
  exportQueryOf,
  filtersFromSearch,
  listRequestOf,
  searchFromFilters,
} from './list-filters';

describe('list filters in the URL', () => {
  it('reads every filter and the page, and writes them back the same', () => {
    const url =
      'title=Sale&ownerEmail=ann%40shop.example&begin=2030-01-01&end=2030-01-31&tz=%2B0530&msgId=42&materialId=7&page=3';
    const f = filtersFromSearch(new URLSearchParams(url));
    expect(f).toEqual({
      title: 'Sale',
      ownerEmail: 'ann@shop.example',
      begin: '2030-01-01',
      end: '2030-01-31',
      tz: '+0530',
      msgId: '42',
      materialId: '7',
      kind: '',
      page: 3,
    });
    expect(searchFromFilters(f).toString()).toBe(url);
  });

  it('defaults to +0000 and page 1, and leaves defaults out of the URL', () => {
    const f = filtersFromSearch(new URLSearchParams(''));
    expect(f).toEqual({
      title: '',
      ownerEmail: '',
      begin: '',
      end: '',
      tz: '+0000',
      msgId: '',
      materialId: '',
      kind: '',
      page: 1,
    });
    expect(searchFromFilters(f).toString()).toBe('');
  });

  it('drops what the server schema refuses: non-digit ids, bad dates, zones, pages and reversed ranges', () => {
    const f = filtersFromSearch(
      new URLSearchParams('msgId=12a&materialId=x&begin=2030-13&end=tomorrow&tz=UTC&page=-2'),
    );
    expect(f).toMatchObject({ msgId: '', materialId: '', begin: '', end: '', tz: '+0000', page: 1 });
    expect(filtersFromSearch(new URLSearchParams('begin=2030-02-01&end=2030-01-01'))).toMatchObject({
      begin: '',
      end: '',
    });
  });

  it('keeps digits only in MsgId, otherwise clears it', () => {
    expect(digitsOrEmpty(' 123 ')).toBe('123');
    expect(digitsOrEmpty('12-3')).toBe('');
    expect(digitsOrEmpty('abc')).toBe('');
  });

  it('builds the list request (20 per page, notifications) and the export query (a date range required)', () => {
    const f = filtersFromSearch(new URLSearchParams('title=Sale&page=2&msgId=5'));
    expect(listRequestOf(f)).toMatchObject({
      msgType: 1,
      title: 'Sale',
      msgId: '5',
      pageNo: 2,
      pageSize: 20,
      tz: '+0000',
    });
    expect(exportQueryOf(f)).toBeUndefined();
    const ranged = filtersFromSearch(new URLSearchParams('begin=2030-01-01&end=2030-01-31&ownerEmail=ann'));
    expect(exportQueryOf(ranged)?.toString()).toBe(
      'begin=2030-01-01&end=2030-01-31&tz=%2B0000&msgType=1&ownerEmail=ann',
    );
  });

  it('builds the cross list request and export: msgType 2 with the kind, never the material id', () => {
    const f = filtersFromSearch(
      new URLSearchParams('kind=pullup&materialId=7&begin=2030-01-01&end=2030-01-31&title=Wake'),
    );
    expect(f.kind).toBe('pullup');
    expect(filtersFromSearch(new URLSearchParams('kind=other')).kind).toBe('');
    const body = listRequestOf(f, 2);
    expect(body).toMatchObject({ msgType: 2, kind: 'pullup', title: 'Wake' });
    expect(body.materialId).toBeUndefined();
    expect(listRequestOf(f).kind).toBe('');
    expect(exportQueryOf(f, 2)?.toString()).toBe(
      'begin=2030-01-01&end=2030-01-31&tz=%2B0000&msgType=2&title=Wake&kind=pullup',
    );
  });
});
