import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MessageListRequest, MessageStatus } from '@beacon/shared';
import { ApiError, fieldError } from '../../lib/api-error';
import type { ModuleContext } from '../context';
import { messagesPolicy } from './messages.policy';
import { toRow } from './messages.presenter';
import { MessagesRepository } from './messages.repository';
import {
  csvOf,
  messageCsvRows,
  MESSAGE_CSV_HEADER,
  DISTRIBUTION_CSV_HEADER,
  distributionCsvRows,
} from './messages-export.csv';

/** Paths of the CSV downloads (part 2 §7 "Export" and §2 "CSV export for distribution"). */
export const MESSAGE_EXPORT_PATHS = {
  list: '/tcm/v1/app/:appId/msg/export',
  distribution: '/tcm/v1/app/:appId/msg/:msgId/distribution/:dimension/export',
} as const;

/** The list's filters, with the date range required (the console asks for one before exporting). */
export const MessageExportQuery = MessageListRequest.omit({ pageNo: true, pageSize: true }).extend({
  msgType: z.coerce
    .number()
    .pipe(z.union([z.literal(1), z.literal(2)]))
    .default(1),
  begin: z
    .string({ error: 'is required: pick a date range' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD'),
  end: z
    .string({ error: 'is required: pick a date range' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD'),
  expand: z.string().optional(),
});

const EXPORT_PAGE = 500;
/** A CSV export never holds more rows than this (a year of heavy use). */
export const EXPORT_MAX_ROWS = 20_000;

function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw fieldError(String(issue?.path[0] ?? 'query'), issue?.message ?? 'is invalid');
  }
  return parsed.data;
}

function sendCsv(reply: FastifyReply, name: string, text: string): FastifyReply {
  // a BOM so that spreadsheet programs read the UTF-8 (Chinese titles, accents) correctly
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(`\uFEFF${text}`);
}

/** CSV downloads of the message list and of a message's distribution; the same access as the list. */
export function registerMessagesExportModule({ app, database }: ModuleContext): void {
  const repo = new MessagesRepository(database);
  const readers: readonly number[] = messagesPolicy.read.appLevels;

  const authorize = async (req: FastifyRequest): Promise<number> => {
    if (!req.session) throw new ApiError(401);
    const appId = Number((req.params as { appId?: unknown }).appId);
    if (!Number.isInteger(appId) || appId <= 0) throw fieldError('appId', 'must be a positive integer');
    const level = await app.projectLevel(req.session.user, appId);
    if (level === undefined || !readers.includes(level)) throw new ApiError(1002);
    return appId;
  };

  app.get(MESSAGE_EXPORT_PATHS.list, async (req, reply) => {
    const appId = await authorize(req);
    const q = parseOrThrow(MessageExportQuery, req.query);
    if (q.begin > q.end) throw fieldError('end', 'must not be before begin');
    const rows = [];
    for (let pageNo = 1; rows.length < EXPORT_MAX_ROWS; pageNo++) {
      const page = await repo.list(appId, { ...q, pageNo, pageSize: EXPORT_PAGE });
      rows.push(...page.rows.map(toRow));
      if (page.rows.length < EXPORT_PAGE) break;
    }
    const visible = rows.filter((r) => r.status !== MessageStatus.DELETED).slice(0, EXPORT_MAX_ROWS);
    const body = csvOf([MESSAGE_CSV_HEADER, ...messageCsvRows(visible, q.tz)]);
    return sendCsv(reply, `messages_${appId}_${q.begin}_${q.end}.csv`, body);
  });

  app.get(MESSAGE_EXPORT_PATHS.distribution, async (req, reply) => {
    const appId = await authorize(req);
    const p = parseOrThrow(
      z.object({ msgId: z.coerce.number().int().positive(), dimension: z.enum(['country', 'version']) }),
      req.params,
    );
    const m = await repo.find(appId, p.msgId);
    if (!m) throw new ApiError(404);
    const rows = await repo.dims(m.id, p.dimension === 'country' ? 1 : 2);
    const body = csvOf([[p.dimension, ...DISTRIBUTION_CSV_HEADER], ...distributionCsvRows(rows)]);
    return sendCsv(reply, `message_${m.id}_${p.dimension}.csv`, body);
  });
}
