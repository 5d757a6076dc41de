// One lint config for every workspace: type-aware TypeScript rules plus the import boundaries of
// docs/architecture.md (console app → features → components/lib; server routes → service → repository).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const restrict = (patterns) => ['error', { patterns }];

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
  // console boundaries: shared UI (components, lib, i18n) imports no feature and no app code; features import no app code
  {
    files: ['apps/console/src/components/**', 'apps/console/src/lib/**', 'apps/console/src/i18n/**'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['**/features/**', '**/app/**'],
          message: 'components/lib are shared: they may not import features or app',
        },
      ]),
    },
  },
  {
    files: ['apps/console/src/features/**'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/app/**'], message: 'features may not import app code' },
      ]),
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
          group: ['**/db/client', 'pg', '@electric-sql/pglite', 'drizzle-orm*'],
          message: 'services reach the database only through repositories',
        },
      ]),
    },
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
