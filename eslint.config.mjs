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

/** The API's time now comes from one place, the Clock of api/src/dates, which tests set. */
const USE_THE_CLOCK =
  'Take the time from the Clock (api/src/dates/clock.ts): inject it and call this.clock.now(), or take the ' +
  'instant as a parameter; days with the helpers of api/src/dates/days.ts. A duration: performance.now().';
const API_CLOCK_SELECTORS = [
  "NewExpression[callee.name='Date'][arguments.length=0]",
  "CallExpression[callee.object.name='Date'][callee.property.name='now']",
  "CallExpression[callee.name='dayjs'][arguments.length=0]",
  // Date() without new: the time now, as a string.
  "CallExpression[callee.name='Date']",
].map((selector) => ({ selector, message: USE_THE_CLOCK }));

/** Data access through injected repositories; in a transaction, the same repositories bound to it (DESIGN.md 4). */
const USE_INJECTED_REPOSITORIES =
  'Inject the repository (@InjectRepository(Entity), registered by its own module with TypeOrmModule.forFeature); ' +
  'in a transaction, manager.withRepository(this.repo). Only scripts on a bare DataSource (api/src/database) may not.';
const API_REPOSITORY_SELECTORS = ["CallExpression[callee.property.name='getRepository']"].map((selector) => ({
  selector,
  message: USE_INJECTED_REPOSITORIES,
}));

/** One way to a socket: Realtime.emit, typed by the contract's ServerToClientEvents (libs/contracts/src/realtime.ts). */
const USE_REALTIME_EMIT =
  'Send socket events with Realtime.emit(audience, event, payload) (api/src/realtime/realtime.service.ts): ' +
  'socket.io is called in api/src/realtime only.';
const API_SOCKET_EMIT_SELECTORS = [
  // server.to(rooms).emit(...), .in(...), .except(...), .timeout(ms), .compress(...)
  "CallExpression[callee.property.name='emit'][callee.object.type='CallExpression'][callee.object.callee.property.name=/^(to|in|except|timeout|compress)$/]",
  // server.emit(...), this.server.emit(...), server.local.emit(...), socket.broadcast.emit(...), ...
  "CallExpression[callee.property.name='emit'][callee.object.name='server']",
  "CallExpression[callee.property.name='emit'][callee.object.property.name=/^(server|local|broadcast|volatile|sockets)$/]",
].map((selector) => ({ selector, message: USE_REALTIME_EMIT }));

/**
 * no-restricted-syntax in api/src, but its tests. In flat config a later block's setting of a rule replaces an earlier
 * one's for the files both match, so each region has one block listing every selector that holds there: the clock
 * everywhere but api/src/dates, getRepository everywhere but api/src/database (the seed and schema tooling run on a
 * bare DataSource, outside Nest), socket.io's emit everywhere but api/src/realtime.
 */
const API_SYNTAX = [
  { except: 'api/src/dates', selectors: API_CLOCK_SELECTORS },
  { except: 'api/src/database', selectors: API_REPOSITORY_SELECTORS },
  { except: 'api/src/realtime', selectors: API_SOCKET_EMIT_SELECTORS },
];
const apiSyntaxBlocks = [null, ...API_SYNTAX.map((r) => r.except)].map((folder) => ({
  files: [`${folder ?? 'api/src'}/**/*.ts`],
  ignores: TESTS,
  rules: {
    'no-restricted-syntax': ['error', ...API_SYNTAX.filter((r) => r.except !== folder).flatMap((r) => r.selectors)],
  },
}));

/** The browser's clock and its time zone decide nothing: days are the school's, from libs/web-core/src/dates.ts. */
const USE_SCHOOL_DATES =
  "Take the time and the day from '@portal/web-core' (dates.ts): nowMs(), schoolToday(), isBeforeSchoolToday(), " +
  'inSchoolZone(), formatSchool(); tests set the clock with setSchoolClock. A duration: performance.now().';
const FRONT_END_CLOCK_SELECTORS = [
  "NewExpression[callee.name='Date'][arguments.length=0]",
  "CallExpression[callee.object.name='Date'][callee.property.name='now']",
  "CallExpression[callee.name='dayjs'][arguments.length=0]",
  // Date() without new, dayjs.utc() and dayjs.tz(): the time now as well.
  "CallExpression[callee.name='Date']",
  "CallExpression[callee.object.name='dayjs'][callee.property.name=/^(utc|tz)$/][arguments.length=0]",
].map((selector) => ({ selector, message: USE_SCHOOL_DATES }));

/** The front-end tests answer fetch with one mock, mockApi of @portal/web-core/testing. */
const USE_MOCK_API = "Answer the API with mockApi from '@portal/web-core/testing' (the one fetch of the tests).";
const FETCH_MOCK_SELECTORS = [
  "AssignmentExpression[left.object.name=/^(global|globalThis|window)$/][left.property.name='fetch']",
  "CallExpression[callee.object.name='jest'][callee.property.name='spyOn'][arguments.0.name=/^(global|globalThis|window)$/][arguments.1.value='fetch']",
  "CallExpression[callee.object.name='Object'][callee.property.name=/^(assign|defineProperty)$/][arguments.0.name=/^(global|globalThis|window)$/] Property[key.name='fetch']",
  "CallExpression[callee.object.name='Object'][callee.property.name='defineProperty'][arguments.0.name=/^(global|globalThis|window)$/][arguments.1.value='fetch']",
].map((selector) => ({ selector, message: USE_MOCK_API }));
const FRONT_END_TESTS = [
  'shell/src/**/*.test.{ts,tsx}',
  'mfe-*/src/**/*.test.{ts,tsx}',
  'libs/*/src/**/*.test.{ts,tsx}',
  'shell/src/**/testing/**',
  'mfe-*/src/**/testing/**',
  'libs/*/src/**/testing/**',
  'libs/*/testing/**',
  'libs/web-core/test-setup.ts',
];

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
  // Instants are the Clock's and days the school's time zone's: only the dates module reads the system clock. Data
  // through injected repositories; socket events through Realtime.emit. One block per region (API_SYNTAX).
  ...apiSyntaxBlocks,
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
    // One dates module in the browser: nothing else reads the clock (durations: performance.now()).
    files: FRONT_END,
    ignores: ['libs/web-core/src/dates.ts', ...TESTS],
    rules: { 'no-restricted-syntax': ['error', ...FRONT_END_CLOCK_SELECTORS] },
  },
  {
    // One fetch mock: web-core's mockApi is the only code of the tests that replaces fetch.
    files: FRONT_END_TESTS,
    ignores: ['libs/web-core/src/testing/**'],
    rules: { 'no-restricted-syntax': ['error', ...FETCH_MOCK_SELECTORS] },
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
    files: [
      'bench/**',
      'scripts/**',
      'tools/**',
      'e2e/**',
      'api/src/main.ts',
      'api/src/database/seed/**',
      'api/src/**/*.cli.ts',
    ],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
