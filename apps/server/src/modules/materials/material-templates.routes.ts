import type { FastifyInstance, FastifyReply } from 'fastify';
import { MATERIAL_TEMPLATE_PATHS } from '@beacon/shared';
import { registerRawRoute } from '../../lib/register-call';
import { materialTemplate } from './material-sheet';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * /static/GAID.txt: a GAID list as file targeting takes it (targeting/gaid-parser.ts): one advertising id per line,
 * 8-4-4-4-12 hexadecimal digits, never the all-zero id.
 */
export const GAID_TEMPLATE = [
  '38400000-8cf0-11bd-b23e-10b96e40000d',
  '1b4e28ba-2fa1-11d2-883f-0016d3cca427',
  'cdda802e-fb9c-47ad-9bba-0b2e9b5b1c7f',
]
  .map((gaid) => `${gaid}\n`)
  .join('');

function attachment(reply: FastifyReply, type: string, name: string, data: Buffer | string): FastifyReply {
  return reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-cache')
    .send(data);
}

/**
 * The two templates of the material and compose screens, public (they hold no data): the material import's
 * /static/material3.xlsx, generated from the same column definition the import reads, and /static/GAID.txt. Exact
 * routes: the console's static files (plugins/static-console.ts) have no /static folder, and an exact route wins over
 * the console's fallback anyway.
 */
export function registerMaterialTemplates(app: FastifyInstance): void {
  let template: Promise<Buffer> | undefined;
  registerRawRoute(
    app,
    {
      method: 'GET',
      url: MATERIAL_TEMPLATE_PATHS.materials,
      summary: 'The material import template (.xlsx)',
      access: 'public',
    },
    async ({ reply }) => {
      template ??= materialTemplate().catch((err: unknown) => {
        template = undefined;
        throw err;
      });
      return attachment(reply, XLSX_TYPE, 'material3.xlsx', await template);
    },
  );
  registerRawRoute(
    app,
    {
      method: 'GET',
      url: MATERIAL_TEMPLATE_PATHS.gaid,
      summary: 'The GAID list template (.txt, one advertising id per line)',
      access: 'public',
    },
    async ({ reply }) => attachment(reply, 'text/plain; charset=utf-8', 'GAID.txt', GAID_TEMPLATE),
  );
}
