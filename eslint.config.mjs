// Lint for the whole workspace (npm run lint; part of npm test). Formatting is Prettier's (npm run format:check).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TESTS = [
  '**/*.test.ts',
  '**/*.test.tsx',
  '**/*.spec.ts',
  '**/*.e2e-spec.ts',
  '**/*.fault-spec.ts',
  '**/test/**',
  '**/testing/**',
  '**/test-setup.ts',
];
const FRONT_END = ['shell/src/**/*.{ts,tsx}', 'mfe-*/src/**/*.{ts,tsx}', 'libs/*/src/**/*.{ts,tsx}'];

/** What the architecture forbids a front-end file to import (DESIGN.md sections 2 and 3). */
const frontEndBoundaries = (extra = []) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: [
        {
          name: 'react-router-dom',
          message: "Take the router from '@portal/web-core': the page has one router, the core's.",
        },
        {
          name: 'react-router',
          message: "Take the router from '@portal/web-core': the page has one router, the core's.",
        },
        { name: '@portal/kit', message: 'Gone: use @portal/web-core, @portal/ui or a domain library.' },
      ],
      patterns: [
        {
          group: ['**/mfe-*/**', 'mfe-*'],
          message: 'A remote is reached only through Module Federation at run time, never imported.',
        },
        { group: ['**/shell/**'], message: 'The shell is the host; nothing imports it.' },
        {
          group: ['@portal/*/src/**', '**/libs/*/src/**'],
          message: "Import a library by its name ('@portal/leaves'), not its files.",
        },
        ...extra,
      ],
    },
  ],
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'test-results/**',
      '.data/**',
      '.nx/**',
      'api/src/database/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      'import-x/no-duplicates': ['error', { 'prefer-inline': true }],
      'import-x/first': 'error',
      'import-x/no-relative-packages': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // NestJS injects by the types of constructor parameters: those imports must stay value imports.
    files: ['api/src/**/*.ts', 'api/test/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    // Optional input may be left out, never null (common/may-omit.ts): IsOptional lets null reach the columns.
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/config/**', ...TESTS],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'class-validator',
              importNames: ['IsOptional'],
              message: "Use MayOmit from common/may-omit: IsOptional lets null through (only where null means 'none').",
            },
          ],
        },
      ],
    },
  },
  {
    files: FRONT_END,
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...frontEndBoundaries(),
    },
  },
  {
    // The libraries serve the remotes: they never reach into an app.
    files: ['libs/*/src/**/*.{ts,tsx}'],
    rules: frontEndBoundaries([
      { group: ['../../*', '../../../*'], message: 'A library imports other libraries by name.' },
    ]),
  },
  {
    // The core is where the router comes from.
    files: ['libs/web-core/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/mfe-*/**', '**/shell/**', '@portal/*', '!@portal/contracts'],
              message: 'The core depends on no app and no library but the contracts.',
            },
          ],
        },
      ],
    },
  },
  {
    // The contracts are shared with the API: no front-end or Nest code in them.
    files: ['libs/contracts/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', 'antd', '@nestjs/*', 'typeorm', '@portal/*'],
              message: 'Contracts hold types and constants only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: TESTS,
    rules: {
      // Tests build their own routers and read the remotes' route modules to check the contract between them.
      'no-restricted-imports': 'off',
      'import-x/no-relative-packages': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    rules: { '@typescript-eslint/no-require-imports': 'off', 'import-x/no-relative-packages': 'off' },
  },
  {
    // Command-line programs: their output is the point.
    files: ['bench/**', 'scripts/**', 'tools/**', 'e2e/**', 'api/src/main.ts', 'api/src/database/seed/**'],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
