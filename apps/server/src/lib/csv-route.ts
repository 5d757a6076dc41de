import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { parseOrThrow } from './api-error';
import { csvOf, sendCsv, type CsvValue } from './csv';
import { registerRawRoute, type Access } from './register-call';

/** A CSV download: GET `url` under `access`, its path parameters and query checked by their schemas. */
export interface CsvRoute<P, Q> {
  url: string;
  summary: string;
  access: Access;
  params: z.ZodType<P>;
  query: z.ZodType<Q>;
}

/** What a CSV download sends: its file name and its rows (the header row first). */
export interface CsvFile {
  name: string;
  rows: CsvValue[][];
}

/**
 * Registers a CSV download: a 400 naming the field for bad parameters or query, then `build`'s rows as a UTF-8 CSV
 * with a BOM (lib/csv.ts) — the one shape of every export route.
 */
export function registerCsvRoute<P, Q>(
  app: FastifyInstance,
  route: CsvRoute<P, Q>,
  build: (input: { params: P; query: Q }) => Promise<CsvFile>,
): void {
  registerRawRoute(
    app,
    { method: 'GET', url: route.url, summary: route.summary, access: route.access },
    async ({ req, reply }) => {
      const params = parseOrThrow(route.params, req.params);
      const query = parseOrThrow(route.query, req.query);
      const file = await build({ params, query });
      return sendCsv(reply, file.name, csvOf(file.rows));
    },
  );
}
