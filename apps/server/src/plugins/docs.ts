import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import { Marked, type Tokens } from 'marked';
import { registerRawRoute } from '../lib/register-call';
import { repoRoot } from '../lib/repo-root';

/** The console's "Docs" link (the top bar, part 1): this index of the guides, each page rendered from docs/*.md. */
export const DOCS_PATH = '/tcm/docs';

/** A page's name: its file's, without `.md` (no folder: the plans under docs/plans/ are not served). */
const PAGE = /^[a-z0-9][a-z0-9-]*$/;

/** The index's sections, in order, by page name; a guide not named here is listed under the last. */
const SECTIONS: ReadonlyArray<[string, readonly string[]]> = [
  [
    'Using the console',
    ['review', 'ab-tests', 'journeys', 'control-groups', 'group-sends', 'materials', 'statistics'],
  ],
  ['For developers', ['sdk-api', 'api', 'event-streams']],
  ['Running Beacon', ['operations', 'scaling', 'architecture']],
  ['Terms', ['privacy-policy', 'user-agreement']],
];

interface Page {
  name: string;
  title: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Links between the guides (`api.md`, `scaling.md#tiers`) open the served page; a link into the source tree
 * (`../apps/…`, `plans/…`) keeps its text without the link, which would lead nowhere from a browser; others stay.
 */
function docLink(href: string): string | null {
  const doc = /^(?:\.\/)?([a-z0-9][a-z0-9-]*)\.md(#[\w-]*)?$/.exec(href);
  if (doc) return `${DOCS_PATH}/${doc[1]}${doc[2] ?? ''}`;
  if (/^(?:https?:|mailto:|#)/.test(href)) return href;
  return null;
}

/** A heading's anchor as GitHub writes it (lower case, punctuation dropped, spaces as hyphens): `#tiers` links work. */
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');

type Inline = { parser: { parseInline(tokens: Tokens.Generic[]): string } };

const marked = new Marked({
  gfm: true,
  renderer: {
    heading(this: Inline, token: Tokens.Heading) {
      return `<h${token.depth} id="${escapeHtml(slug(token.text))}">${this.parser.parseInline(token.tokens)}</h${token.depth}>\n`;
    },
    link(this: Inline, token: Tokens.Link) {
      const text = this.parser.parseInline(token.tokens);
      const href = docLink(token.href);
      if (href === null) return text;
      const title = token.title ? ` title="${escapeHtml(token.title)}"` : '';
      return `<a href="${escapeHtml(href)}"${title}>${text}</a>`;
    },
  },
});

const STYLE = `body{font:15px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:#1f1f1f;margin:0}
header{background:#001529;color:#fff;padding:12px 24px}header a{color:#fff;text-decoration:none;font-weight:600}
main{max-width:960px;margin:0 auto;padding:24px}a{color:#1677ff}code{background:#f5f5f5;padding:1px 4px;border-radius:4px}
pre{background:#f5f5f5;padding:12px;overflow:auto;border-radius:6px}pre code{padding:0}
table{border-collapse:collapse;display:block;overflow:auto}th,td{border:1px solid #e5e5e5;padding:4px 8px;vertical-align:top}
li{margin:2px 0}.lead{color:#595959}`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · Beacon docs</title><style>${STYLE}</style></head>
<body><header><a href="${DOCS_PATH}">Beacon docs</a></header><main>${body}</main></body></html>`;
}

/**
 * The guides: every docs/*.md, rendered once on first read (they change only with a release). Served to anyone, as
 * the device API's and console API's references are meant for the operators' developers too; English only, as the
 * files are.
 */
export const docsPlugin = fp<{ root?: string }>(async (app, opts) => {
  const root = opts.root ?? path.join(repoRoot, 'docs');
  let pages: Promise<Map<string, Page>> | undefined;
  const load = async () => {
    const names = (await readdir(root).catch(() => [] as string[]))
      .filter((f) => f.endsWith('.md') && PAGE.test(f.slice(0, -3)))
      .sort();
    const out = new Map<string, Page>();
    for (const file of names) {
      const md = await readFile(path.join(root, file), 'utf8');
      const name = file.slice(0, -3);
      // the heading's text, without the issue it came from ("Control groups (issue 34 §1)"): a reader's title
      const title =
        /^#\s+(.+)$/m
          .exec(md)?.[1]
          ?.replace(/`/g, '')
          .replace(/\s*\(issue \d+[^)]*\)/, '') ?? name;
      out.set(name, { name, title, html: await marked.parse(md) });
    }
    return out;
  };
  const read = () => (pages ??= load());

  const html = 'text/html; charset=utf-8';
  // through the access guard of every /tcm route (an API key is refused here, as on any route outside its scopes),
  // and in the OpenAPI document, so in the access matrix
  registerRawRoute(
    app,
    { method: 'GET', url: DOCS_PATH, summary: 'The guides (an HTML page)', access: 'public' },
    async ({ reply }) => {
      const pages = await read();
      const named = new Set(SECTIONS.flatMap(([, names]) => names));
      const sections = SECTIONS.map(([heading, names], i) => {
        const listed = [...pages.values()].filter((p) =>
          i === SECTIONS.length - 1 ? names.includes(p.name) || !named.has(p.name) : names.includes(p.name),
        );
        const items = listed
          .map((p) => `<li><a href="${DOCS_PATH}/${p.name}">${escapeHtml(p.title)}</a></li>`)
          .join('');
        return items ? `<h2>${heading}</h2><ul>${items}</ul>` : '';
      }).join('');
      const body = sections
        ? `<h1>Beacon docs</h1><p class="lead">Guides to the console, the device API and the console API, and to running Beacon.</p>${sections}
<p>The console API's OpenAPI document: <a href="${DOCS_PATH}/json">${DOCS_PATH}/json</a>.</p>`
        : '<h1>Beacon docs</h1><p>No guide is installed with this server.</p>';
      return reply.type(html).header('cache-control', 'no-cache').send(layout('Guides', body));
    },
  );
  registerRawRoute(
    app,
    {
      method: 'GET',
      url: `${DOCS_PATH}/:page`,
      summary: 'One guide, rendered from docs/<page>.md (an HTML page)',
      access: 'public',
    },
    async ({ req, reply }) => {
      const name = (req.params as { page: string }).page;
      const page = PAGE.test(name) ? (await read()).get(name) : undefined;
      if (!page) {
        const body = `<h1>No such guide</h1><p>“${escapeHtml(name.slice(0, 100))}” is not one of the guides: see <a href="${DOCS_PATH}">the list</a>.</p>`;
        return reply.code(404).type(html).send(layout('Not found', body));
      }
      return reply.type(html).header('cache-control', 'no-cache').send(layout(page.title, page.html));
    },
  );
});
