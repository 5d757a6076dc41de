import { z } from 'zod';
import { AppIdParams, MessageListRequest, MessageStatus, MessageType, numberInput } from '@beacon/shared';
import { fieldError, parseOrThrow } from '../../lib/api-error';
import { csvOf, sendCsv } from '../../lib/csv';
import { registerRawRoute } from '../../lib/register-call';
import type { FastifyInstance } from 'fastify';
import { messagesPolicy } from './messages.policy';
import { toRow } from './messages.presenter';
import type { MessagesRepository } from './messages.repository';
import { messageCsvRows, MESSAGE_CSV_HEADER } from './messages-export.csv';

/** Path of the CSV download (part 2 §7 "Export"). */
export const MESSAGE_EXPORT_PATHS = {
  list: '/tcm/v1/app/:appId/msg/export',
} as const;

/** The list's filters, with the date range required (the console asks for one before exporting). */
export const MessageExportQuery = MessageListRequest.omit({ pageNo: true, pageSize: true }).extend({
  msgType: numberInput(
    z.union([z.literal(MessageType.NOTIFICATION), z.literal(MessageType.PASS_THROUGH)]),
  ).default(MessageType.NOTIFICATION),
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

/** The CSV download of the message list; the same access as the list. */
export function registerMessageExportRoutes(app: FastifyInstance, repo: MessagesRepository): void {
  const route = (url: string, summary: string) => ({
    method: 'GET' as const,
    url,
    summary,
    access: messagesPolicy.read,
  });

  registerRawRoute(
    app,
    route(MESSAGE_EXPORT_PATHS.list, 'CSV export of the message list'),
    async ({ req, reply }) => {
      const { appId } = parseOrThrow(AppIdParams, req.params);
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
    },
  );
}
