import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { backends } from '../../test/databases';
import { textArrayLiteral } from './batch.repository';

describe.each(backends())('textArrayLiteral [$name]', (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await backend.open();
  });
  afterAll(async () => database.close());

  it('round-trips every element through text[] exactly, null as NULL', async () => {
    const values = [
      'projects/p/messages/0:1700000000%abc',
      'NG',
      '3.1.0',
      'NULL',
      '',
      ' spaced ',
      'a,b',
      '{x}',
      'quo"te',
      'back\\slash',
      '\\"',
      'é 中文',
      null,
    ];
    const [row] = await database.query<{ a: Array<string | null> }>('SELECT $1::text[] AS a', [
      textArrayLiteral(values),
    ]);
    expect(row?.a).toEqual(values);
    const [empty] = await database.query<{ n: number }>('SELECT cardinality($1::text[]) AS n', [
      textArrayLiteral([]),
    ]);
    expect(empty?.n).toBe(0);
  });
});
