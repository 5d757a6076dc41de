// The import rules of eslint.config.js each fail on a planted violation (issue 30 §6): a rule that stopped matching
// would let the layers drift apart silently. Type information is switched off and only the rules under test run,
// so each case is a few milliseconds; the planted files exist only in this test (text, or .tmp/ for the cycle).
import { ESLint } from 'eslint';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const RULES = new Set([
  'no-restricted-imports',
  'beacon/server-imports',
  'console/feature-imports',
  'cycles/no-cycle',
  'console-forms/form-follows-language',
]);
const probe = path.join(root, '.tmp', `lint-probe-${process.pid}`);

let eslint;
beforeAll(() => {
  fs.mkdirSync(probe, { recursive: true });
  fs.writeFileSync(path.join(probe, 'a.ts'), "import type { B } from './b';\nexport type A = { b?: B };\n");
  fs.writeFileSync(path.join(probe, 'b.ts'), "import type { A } from './a';\nexport type B = { a?: A };\n");
  fs.writeFileSync(path.join(probe, 'c.ts'), "import type { A } from './a';\nexport type C = A;\n");
  eslint = new ESLint({
    cwd: root,
    ignore: false,
    ruleFilter: ({ ruleId }) => RULES.has(ruleId),
    overrideConfig: [
      { languageOptions: { parserOptions: { projectService: false, project: null } } },
      {
        files: [`.tmp/lint-probe-${process.pid}/**`],
        rules: { 'cycles/no-cycle': ['error', { roots: [probe] }] },
      },
    ],
  });
});
afterAll(() => fs.rmSync(probe, { recursive: true, force: true }));

/** The messages lint gives `code` as the file at `file` (relative to the repository). */
async function problems(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  const fatal = result.messages.filter((m) => m.fatal);
  expect(fatal).toEqual([]);
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the import rules fail on a planted violation', () => {
  it('a circle of modules, type-only imports included', async () => {
    const a = fs.readFileSync(path.join(probe, 'a.ts'), 'utf8');
    expect(await problems(`.tmp/lint-probe-${process.pid}/a.ts`, a)).toEqual([
      expect.stringMatching(/^cycles\/no-cycle: import cycle: .*a\.ts → .*b\.ts → .*a\.ts/),
    ]);
    // c.ts imports a member of the circle without being in it: no problem
    const c = fs.readFileSync(path.join(probe, 'c.ts'), 'utf8');
    expect(await problems(`.tmp/lint-probe-${process.pid}/c.ts`, c)).toEqual([]);
  });

  it('the tree itself has no circle (the rule over the real sources)', async () => {
    const { cyclesOf, importGraph, SOURCE_ROOTS } = await import('./lib/import-cycles.mjs');
    expect(cyclesOf(importGraph(SOURCE_ROOTS))).toEqual([]);
  });

  it('a module file outside the repositories naming the database', async () => {
    const code = "import type { Database } from '../../db/client';\nexport type D = Database;\n";
    expect(await problems('apps/server/src/modules/messages/planted.ts', code)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*only through repositories/),
    ]);
    expect(await problems('apps/server/src/modules/messages/planted.service.ts', code)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*only through repositories/),
    ]);
    // a repository may, and so may a file on the allow-list
    expect(await problems('apps/server/src/modules/messages/planted.repository.ts', code)).toEqual([]);
    expect(await problems('apps/server/src/modules/context.ts', code.replace('../../', '../'))).toEqual([]);
  });

  it('an in-memory repository of the fast tier naming the database', async () => {
    const code = "import type { Database } from '../../db/client';\nexport type D = Database;\n";
    expect(await problems('apps/server/src/test/memory/planted.ts', code)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*never reach the database/),
    ]);
  });

  it('the engine importing a module, and a module reached past its index.ts', async () => {
    expect(
      await problems(
        'apps/server/src/delivery/engine/planted.ts',
        "export { x } from '../../modules/messages';\n",
      ),
    ).toEqual([expect.stringMatching(/^beacon\/server-imports: the delivery engine imports no module/)]);
    expect(
      await problems(
        'apps/server/src/modules/tags/planted.ts',
        "export { x } from '../messages/messages.service';\n",
      ),
    ).toEqual([
      expect.stringMatching(/^beacon\/server-imports: import modules\/messages only through its index\.ts/),
    ]);
  });

  it('a console feature reaching into another, and shared UI importing a feature', async () => {
    expect(
      await problems(
        'apps/console/src/features/materials/planted.ts',
        "export { x } from '../messages/lib/format';\n",
      ),
    ).toEqual([
      expect.stringMatching(
        /^console\/feature-imports: import features\/messages only through its index\.ts/,
      ),
    ]);
    expect(
      await problems('apps/console/src/components/planted.ts', "export { x } from '../features/compose';\n"),
    ).toEqual([expect.stringMatching(/^no-restricted-imports: .*components\/lib are shared/)]);
    expect(
      await problems('apps/console/src/lib/planted.ts', "export { x } from '../message-editor';\n"),
    ).toEqual([expect.stringMatching(/^no-restricted-imports: .*components\/lib are shared/)]);
  });

  it('the message editor importing a feature or the app', async () => {
    expect(
      await problems(
        'apps/console/src/message-editor/components/planted.tsx',
        "export { AssistantButton } from '../../features/ai';\n",
      ),
    ).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*message-editor is a layer below the features/),
    ]);
    expect(
      await problems(
        'apps/console/src/message-editor/planted.ts',
        "export { EDITOR_PORTS } from '../app/editor-ports';\n",
      ),
    ).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*message-editor is a layer below the features/),
    ]);
    // the layers below it may be imported
    expect(
      await problems(
        'apps/console/src/message-editor/planted.ts',
        "export { x } from '../lib/api-client';\n",
      ),
    ).toEqual([]);
  });

  it('a feature → feature import not on the allow-list', async () => {
    // materials → messages is on FEATURE_IMPORTS_ALLOWED; materials → journeys is not, nor is any pair of a feature
    // the list does not name
    expect(
      await problems('apps/console/src/features/materials/planted.ts', "export { x } from '../messages';\n"),
    ).toEqual([]);
    expect(
      await problems(
        'apps/console/src/features/materials/components/planted.ts',
        "export { x } from '../../journeys';\n",
      ),
    ).toEqual([
      expect.stringMatching(
        /^console\/feature-imports: features\/materials may not import features\/journeys: the pair is not on FEATURE_IMPORTS_ALLOWED/,
      ),
    ]);
    expect(
      await problems(
        'apps/console/src/features/icon/planted.ts',
        "const m = import('../compose');\nexport { m };\n",
      ),
    ).toEqual([
      expect.stringMatching(/^console\/feature-imports: features\/icon may not import features\/compose/),
    ]);
    // what features share is imported from message-editor/, which is no feature
    expect(
      await problems(
        'apps/console/src/features/journeys/planted.ts',
        "export { x } from '../../message-editor';\n",
      ),
    ).toEqual([]);
  });

  it('a console form rendered with antd’s own Form (its errors would not follow a language switch)', async () => {
    const file = 'apps/console/src/features/tags/components/planted.tsx';
    expect(
      await problems(
        file,
        'import { Form } from \'antd\';\nexport const F = () => <Form layout="vertical" />;\n',
      ),
    ).toEqual([
      expect.stringMatching(
        /^console-forms\/form-follows-language: render forms with components\/form's Form/,
      ),
    ]);
    // components/form's Form, and antd's Form.Item inside it, are what a form is made of
    expect(
      await problems(
        file,
        "import { Form as AntForm } from 'antd';\nimport { Form } from '../../../components/form';\n" +
          'export const F = () => <Form><AntForm.Item name="a" /></Form>;\n',
      ),
    ).toEqual([]);
  });
});
