// One lint config for every workspace: type-aware TypeScript rules plus the import boundaries of
// docs/architecture.md (console app → features → components/lib; server routes → service → repository).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';
import {
  circleThrough,
  cyclesOf,
  importGraph,
  resolveSpecifier,
  SOURCE_ROOTS,
} from './scripts/lib/import-cycles.mjs';

const restrict = (patterns) => ['error', { patterns }];

/** What "the database" is to the import rules: its client, schema and helpers, and the drivers. */
const DATABASE_MODULES = [
  '**/db/client',
  '**/db/schema*',
  '**/db/partitions',
  'pg',
  '@electric-sql/pglite*',
  'drizzle-orm*',
];
/** Module files other than repositories that may name the database, and why (eslint's no-restricted-imports below). */
const DATABASE_ALLOWED = [
  // wiring: builds repositories from the database, or hands it to one
  'apps/server/src/modules/context.ts',
  'apps/server/src/modules/alerts/credential-alerts.ts',
  'apps/server/src/modules/materials/usable-material.ts',
  'apps/server/src/modules/sensitive-words/content-check.ts',
  // writers that join the caller's transaction (a Queryable), so what they count commits with what it counts
  'apps/server/src/modules/materials/materials.writer.ts',
  'apps/server/src/modules/statistics/statistics.writer.ts',
  'apps/server/src/modules/statistics/statistics.counter.ts',
  'apps/server/src/modules/journeys/journeys.runner.ts',
];

// Server dependencies point one way (docs/architecture.md, Import rules). Paths are relative to apps/server/src.
const SERVER = path.join(import.meta.dirname, 'apps/server/src');
/** The relative module specifier of an import, re-export, import() or type import node, if it is one. */
const relativeSource = (node) => {
  const source = node.source ?? node.argument?.literal;
  return typeof source?.value === 'string' && source.value.startsWith('.') ? source : undefined;
};

/** A rule's visitors: `check` on every kind of node that names another module. */
const onImports = (check) => ({
  ImportDeclaration: check,
  ExportNamedDeclaration: check,
  ExportAllDeclaration: check,
  ImportExpression: check,
  TSImportType: check,
});

const serverPath = (file) => path.relative(SERVER, file).split(path.sep).join('/');
const inEngine = (p) => p === 'delivery/engine' || p.startsWith('delivery/engine/');
/** Test code: the *.test.ts files and the test-only folder test/ (harness, fixtures). */
const isTestCode = (p) => p.startsWith('test/') || /\.test\.tsx?$/.test(p);
/** Why importing `to` from `from` crosses a boundary, or undefined. */
function boundaryProblem(from, to) {
  if ((to === 'test' || to.startsWith('test/')) && !isTestCode(from))
    return 'production code imports nothing from test/ (the test harness and fixtures are for tests only)';
  if (inEngine(from) && to.startsWith('modules/'))
    return 'the delivery engine imports no module: declare a port in delivery/engine/ports.ts, wire it in app.ts';
  if (!inEngine(from) && inEngine(to) && to !== 'delivery/engine')
    return "import the delivery engine only through its entry, 'delivery/engine' (index.ts)";
  if (from.startsWith('platform/') && (to.startsWith('modules/') || inEngine(to)))
    return 'platform/ is shared by the modules: it imports no module and not the delivery engine';
  if (from.startsWith('modules/') && to.startsWith('delivery/') && !inEngine(to))
    return "modules use delivery only through its entry, 'delivery' (index.ts)";
  const [top, mod, ...rest] = to.split('/');
  if (top === 'modules' && rest.length > 0 && !from.startsWith(`modules/${mod}/`))
    return `import modules/${mod} only through its index.ts ('…/${mod}')`;
  return undefined;
}
// No circle of modules, type-only imports included (docs/architecture.md, Import rules): the graph of every source
// file is read once per lint run (scripts/lib/import-cycles.mjs, 0.3 s), and each import that closes a circle is
// reported with the circle's files.
const cycleIndexes = new Map();
/** The graph under `roots` and, for the files in a circle, its files (strongly connected component); read once. */
function cycleIndexOf(roots) {
  const key = roots.join('\n');
  if (!cycleIndexes.has(key)) {
    const graph = importGraph(roots);
    const member = new Map();
    for (const component of cyclesOf(graph)) for (const f of component) member.set(f, component);
    cycleIndexes.set(key, { graph, member });
  }
  return cycleIndexes.get(key);
}
const noCycle = {
  meta: {
    type: 'problem',
    schema: [{ type: 'object', properties: { roots: { type: 'array', items: { type: 'string' } } } }],
  },
  create(context) {
    const index = cycleIndexOf(context.options[0]?.roots ?? SOURCE_ROOTS);
    const component = index.member.get(context.filename);
    if (!component) return {};
    const check = (node) => {
      const source = relativeSource(node);
      if (!source) return;
      const to = resolveSpecifier(context.filename, source.value);
      if (!to || !component.includes(to)) return;
      const names = circleThrough(index.graph, component, context.filename, to).map((f) =>
        path.relative(import.meta.dirname, f),
      );
      context.report({
        node: source,
        message: `import cycle: ${names.join(' → ')}. Move what both sides need one layer down (a types file both import)`,
      });
    };
    return onImports(check);
  },
};

const beacon = {
  rules: {
    'server-imports': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const from = serverPath(context.filename);
        const check = (node) => {
          const source = relativeSource(node);
          if (!source) return;
          const resolved = path.resolve(path.dirname(context.filename), source.value);
          const to = serverPath(resolved)
            .replace(/\.(ts|js)$/, '')
            .replace(/\/index$/, '');
          const message = boundaryProblem(from, to);
          if (message) context.report({ node: source, message });
        };
        return onImports(check);
      },
    },
  },
};

// Console features meet only through their index.ts: a file in features/<a>/ imports features/<b> (its index.ts),
// never a file inside it; and only the pairs below (docs/architecture.md, Import rules). What several features use
// belongs in components/, lib/ or, for the message editor's parts, message-editor/.
const FEATURES = path.join(import.meta.dirname, 'apps/console/src/features');
/**
 * The feature → feature imports there are (issue 30 §2), each feature with the features it may import: a new pair
 * fails lint, so that it is a reviewed decision (add it here, or move what both need one layer down).
 */
const FEATURE_IMPORTS_ALLOWED = {
  'ab-tests': ['ai', 'apps', 'dictionaries', 'icon', 'messages'],
  'app-control': ['audit'],
  'app-groups': ['auth'],
  // the app details screen holds the user attributes card (issue 33 §1)
  apps: ['user-attributes'],
  auth: ['system'],
  compose: ['apps', 'dictionaries', 'icon', 'user-groups'],
  forbid: ['audit', 'auth'],
  'global-settings': ['sensitive-words'],
  journeys: ['ai', 'apps', 'dictionaries', 'icon', 'messages', 'reviews'],
  materials: ['ai', 'apps', 'auth', 'dictionaries', 'forbid', 'icon', 'messages'],
  messages: ['apps'],
  'model-control': ['audit'],
  reviews: ['apps', 'messages'],
  statistics: ['dictionaries'],
  team: ['auth'],
  troubleshooting: ['apps', 'messages'],
  'user-groups': ['apps', 'dictionaries'],
};
const consoleBoundaries = {
  rules: {
    'feature-imports': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const [own] = path.relative(FEATURES, context.filename).split(path.sep);
        const allowed = FEATURE_IMPORTS_ALLOWED[own] ?? [];
        const check = (node) => {
          const source = relativeSource(node);
          if (!source) return;
          const to = path.relative(FEATURES, path.resolve(path.dirname(context.filename), source.value));
          const [feature, ...rest] = to.split(path.sep);
          if (feature === '..' || feature === own) return;
          if (rest.length > 1 || (rest.length === 1 && !/^index(\.tsx?)?$/.test(rest[0]))) {
            context.report({
              node: source,
              message: `import features/${feature} only through its index.ts ('…/features/${feature}'); what several features use belongs in components/, lib/ or message-editor/`,
            });
            return;
          }
          if (!allowed.includes(feature))
            context.report({
              node: source,
              message: `features/${own} may not import features/${feature}: the pair is not on FEATURE_IMPORTS_ALLOWED in eslint.config.js (a new pair is a reviewed decision; or move what both need to components/, lib/ or message-editor/)`,
            });
        };
        return onImports(check);
      },
    },
  },
};

// Every console form is components/form's Form (antd's, with the errors it shows following the console language): a
// `<Form>` of antd's own would keep an error in the language it was raised in after a language switch
const consoleForms = {
  rules: {
    'form-follows-language': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const antdForm = new Set();
        return {
          ImportDeclaration(node) {
            if (node.source.value !== 'antd') return;
            for (const s of node.specifiers)
              if (s.type === 'ImportSpecifier' && s.imported.name === 'Form') antdForm.add(s.local.name);
          },
          JSXOpeningElement(node) {
            if (node.name.type === 'JSXIdentifier' && antdForm.has(node.name.name))
              context.report({
                node,
                message:
                  "render forms with components/form's Form: antd's keeps its errors in the language they were raised in after a language switch",
              });
          },
        };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.tmp/**',
      'scripts/**',
      '**/*.mjs',
      '**/*.js',
      'vitest.config.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['apps/console/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['apps/console/src/**/*.tsx'],
    ignores: ['**/*.test.tsx', 'apps/console/src/components/form.tsx'],
    plugins: { 'console-forms': consoleForms },
    rules: { 'console-forms/form-follows-language': 'error' },
  },
  // console boundaries: app → features → message-editor → components / lib / i18n. Shared UI (components, lib, i18n)
  // imports no feature, no message editor and no app code; the message editor imports no feature and no app code
  // (what it needs of a feature comes through its ports, wired by the app); features import no app code, and another
  // feature only through its index.ts and only on FEATURE_IMPORTS_ALLOWED
  {
    files: ['apps/console/src/components/**', 'apps/console/src/lib/**', 'apps/console/src/i18n/**'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['**/features/**', '**/app/**', '**/message-editor', '**/message-editor/**'],
          message: 'components/lib are shared: they may not import features, message-editor or app',
        },
      ]),
    },
  },
  {
    files: ['apps/console/src/message-editor/**'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['**/features/**', '**/app/**'],
          message:
            'message-editor is a layer below the features: it imports no feature and no app code (what it needs of a feature is a port in message-editor/ports.tsx, wired in app/editor-ports.tsx)',
        },
      ]),
    },
  },
  {
    files: ['apps/console/src/features/**'],
    plugins: { console: consoleBoundaries },
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/app/**'], message: 'features may not import app code' },
      ]),
      'console/feature-imports': 'error',
    },
  },
  // server boundaries: routes → service → repository; services never touch the database client
  {
    files: ['apps/server/src/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/*.service', '**/*.routes'], message: 'repositories are the bottom layer' },
      ]),
    },
  },
  {
    files: ['apps/server/src/**/*.service.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/*.routes'], message: 'services may not import routes' },
        {
          group: [...DATABASE_MODULES],
          message: 'services reach the database only through repositories',
        },
      ]),
    },
  },
  // server one-way dependencies: delivery/engine imports no module and is imported only through its index.ts;
  // platform/ imports no module; modules/<m> is imported from outside it only through modules/<m>/index.ts
  // modules reach the database through their repositories: besides *.repository.ts, only these files name the
  // database client, each for a reason (wiring that builds repositories, or a writer handed the caller's transaction)
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.repository.ts', '**/*.test.ts', '**/*.service.ts', ...DATABASE_ALLOWED],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: [...DATABASE_MODULES],
          message:
            'modules reach the database only through repositories (*.repository.ts); a new exception goes in DATABASE_ALLOWED with its reason',
        },
      ]),
    },
  },
  // the fast tier's in-memory repositories (src/test/memory) stand in for the database: they never reach it (their
  // contract test compares them with the real repositories through backends())
  {
    files: ['apps/server/src/test/memory/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: [...DATABASE_MODULES],
          message: 'the in-memory repositories never reach the database (they stand in for it)',
        },
      ]),
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { beacon },
    rules: { 'beacon/server-imports': 'error' },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { cycles: { rules: { 'no-cycle': noCycle } } },
    rules: { 'cycles/no-cycle': 'error' },
  },
  {
    files: ['packages/shared/src/**'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['@beacon/server*', '@beacon/console*', 'node:*'],
          message: 'shared is used by browser and server',
        },
      ]),
    },
  },
);
