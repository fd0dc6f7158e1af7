import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';

// Module boundaries (docs/architecture.md): apps -> libs; domain -> nothing; the SDK is
// published on its own and so depends on nothing here; test infrastructure is for tests only.
const depConstraints = [
  { sourceTag: 'type:domain', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'type:util', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'type:sdk', onlyDependOnLibsWithTags: [] },
  // The JSON shapes of the settings API, as types: they depend on nothing.
  { sourceTag: 'type:contract', onlyDependOnLibsWithTags: [] },
  // The settings app runs in a browser and talks to the server only over its JSON API, whose shapes it may name.
  { sourceTag: 'type:web', onlyDependOnLibsWithTags: ['type:contract'] },
  { sourceTag: 'type:data', onlyDependOnLibsWithTags: ['type:domain', 'type:util', 'type:data'] },
  {
    sourceTag: 'type:platform',
    onlyDependOnLibsWithTags: ['type:domain', 'type:util', 'type:data', 'type:platform'],
  },
  {
    sourceTag: 'type:feature',
    onlyDependOnLibsWithTags: [
      'type:domain',
      'type:util',
      'type:contract',
      'type:data',
      'type:platform',
      'type:feature',
    ],
  },
  {
    sourceTag: 'type:app',
    onlyDependOnLibsWithTags: [
      'type:domain',
      'type:util',
      'type:contract',
      'type:data',
      'type:platform',
      'type:feature',
      'type:sdk',
    ],
  },
  {
    sourceTag: 'type:testing',
    onlyDependOnLibsWithTags: [
      'type:domain',
      'type:util',
      'type:contract',
      'type:data',
      'type:platform',
      'type:feature',
      'type:sdk',
    ],
  },
];
const testConstraints = depConstraints.map((c) =>
  c.sourceTag === 'type:domain' ||
  c.sourceTag === 'type:util' ||
  c.sourceTag === 'type:sdk' ||
  c.sourceTag === 'type:contract'
    ? c
    : {
        ...c,
        onlyDependOnLibsWithTags: [...c.onlyDependOnLibsWithTags, 'type:testing', 'type:sdk'],
      },
);

// Requests to addresses a user supplied go through the one outbound guard (docs/security.md
// "Outbound requests"): nothing else builds its own connection. Type imports (Dispatcher) stay free.
const GUARD_MESSAGE =
  'Open outbound connections with guardedAgent from @gatehouse/platform (libs/platform/src/outbound).';
const rawConnection = (names, importNames) =>
  names.map((name) => ({ name, importNames, message: GUARD_MESSAGE }));
const RAW_CONNECTION_IMPORTS = [
  ...rawConnection(['undici'], ['Agent', 'Client', 'Pool', 'buildConnector', 'connect']),
  ...rawConnection(['node:http', 'http', 'node:https', 'https'], ['request', 'get', 'Agent']),
  ...rawConnection(['node:net', 'net', 'node:tls', 'tls'], ['connect', 'createConnection']),
];
const RAW_CONNECTION_CALLS = {
  selector:
    'MemberExpression[object.name=/^(https?|net|tls|undici)$/][property.name=/^(request|get|connect|createConnection|Agent|Client|Pool|buildConnector)$/]',
  message: GUARD_MESSAGE,
};

// Topics and event envelopes are declared once, in libs/messaging (docs/architecture.md
// "Events (Kafka)"): a feature lib that writes a topic name of its own fails.
const TOPIC_LITERAL = {
  selector: 'Literal[value=/^gatehouse\\.[a-z0-9-]+\\.v[0-9]+/]',
  message: 'Declare topics in libs/messaging/src/topics.ts and use Topics.<name>.',
};

// Every address a limit or an audit entry uses comes from one rule (docs/security.md "A client
// choosing its own address"): Express's req.ip is not read.
const CLIENT_ADDRESS_READ = {
  selector: 'MemberExpression[object.name=/^req$/][property.name=/^ips?$/]',
  message:
    'Read the client address with clientAddressOf(req) from @gatehouse/platform, and key counters on rateLimitKeyOf(address) from @gatehouse/domain.',
};

// Ports carry domain records and a transaction handle, never ORM types (docs/architecture.md "Ports").
const ORM_IN_PORT = {
  patterns: [
    {
      group: ['typeorm', 'typeorm/*'],
      message: 'A port speaks in domain records and a transaction handle, not TypeORM types.',
    },
  ],
};

// Tests wait for their condition with a deadline a busy machine cannot miss (waitUntil of
// @gatehouse/testing), drive a fake clock, or hold a test double on a gate they release; they never
// wait a fixed time (docs/architecture.md "Tests"). A promise only a timer settles is a sleep, and
// so is a timer with a written-out delay (a handler made slow on purpose). To show that something
// does NOT happen, staysTrueFor (libs/testing/src/wait) is the one fixed wait.
const FIXED_WAIT_MESSAGE =
  'No fixed waits in tests: wait for the condition with waitUntil (@gatehouse/testing), drive a fake clock (jest fake timers, FrozenClock, FakeSupervisorClock), hold a test double on a gate the test releases, or show that something does not happen with staysTrueFor.';
const TIMER = "CallExpression[callee.name='setTimeout']";
// A promise whose executor takes only `resolve` and starts a timer: only time settles it. (A
// deadline, `(_, reject) => setTimeout(...)`, is not a wait.)
const SETTLED_BY_TIMER = [
  `NewExpression[callee.name='Promise'] > ArrowFunctionExpression[params.length=1] > ${TIMER}`,
  `NewExpression[callee.name='Promise'] > :function[params.length=1] > BlockStatement > ExpressionStatement > ${TIMER}`,
];
const FIXED_WAITS = [
  ...SETTLED_BY_TIMER,
  `${TIMER}[arguments.1.type='Literal']${SETTLED_BY_TIMER.map((selector) => `:not(${selector})`).join('')}`,
  // await setTimeout(100), await scheduler.wait(100)
  'ImportDeclaration[source.value=/^(node:)?timers\\u002Fpromises$/]',
].map((selector) => ({ selector, message: FIXED_WAIT_MESSAGE }));
const TEST_CODE = [
  '**/*.spec.ts',
  '**/*.int-spec.ts',
  '**/*.e2e-spec.ts',
  '**/*.faults-spec.ts',
  'e2e/**/*.ts',
  'libs/testing/**/*.ts',
  'libs/*/src/**/testing/**/*.ts',
];

const boundaries = (constraints) => ({
  '@nx/enforce-module-boundaries': [
    'error',
    { enforceBuildableLibDependency: false, allow: [], depConstraints: constraints },
  ],
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'tmp/**',
      '.gatehouse/**',
      '.nx/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    plugins: { '@nx': nx },
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      ...boundaries(depConstraints),
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'off',
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration through @gatehouse/config.',
        },
      ],
    },
  },
  {
    // Only the config lib, the SDK (a client reading WEBHOOK_SECRET), the CLI and tests read the environment.
    files: [
      'libs/config/**/*.ts',
      'libs/sdk/**/*.ts',
      'apps/cli/**/*.ts',
      'libs/testing/**/*.ts',
      'tools/**',
      'e2e/**',
      '**/*.spec.ts',
      '**/*.int-spec.ts',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // The settings app's pages are held to the same arrows as its .ts files.
    files: ['**/*.tsx'],
    plugins: { '@nx': nx },
    rules: { ...boundaries(depConstraints) },
  },
  {
    // Tests, the contract suites every adapter runs, and the support code only tests load (test
    // apps, fakes, kits in testing/ folders).
    files: [
      '**/*.spec.ts',
      '**/*.int-spec.ts',
      '**/*.e2e-spec.ts',
      '**/*.contract.ts',
      'e2e/**/*.ts',
      'libs/*/src/**/testing/**/*.ts',
    ],
    rules: { ...boundaries(testConstraints) },
  },
  {
    files: ['**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: RAW_CONNECTION_IMPORTS }],
      'no-restricted-syntax': ['error', RAW_CONNECTION_CALLS, CLIENT_ADDRESS_READ],
    },
  },
  {
    files: ['libs/feature-*/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', RAW_CONNECTION_CALLS, CLIENT_ADDRESS_READ, TOPIC_LITERAL],
      // The global fetch dials through undici's unguarded global dispatcher.
      'no-restricted-globals': ['error', { name: 'fetch', message: GUARD_MESSAGE }],
    },
  },
  {
    files: ['libs/*/src/**/ports/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: RAW_CONNECTION_IMPORTS, ...ORM_IN_PORT }],
    },
  },
  {
    // The outbound folder (the guard, and the agent for calls between our own services); tests, test support and tools, which talk to servers they started on
    // known local addresses; the SDK, published on its own, whose tunnel dials the developer's
    // own server.
    files: [
      'libs/platform/src/outbound/**/*.ts',
      '**/*.spec.ts',
      '**/*.int-spec.ts',
      '**/*.e2e-spec.ts',
      'e2e/**',
      'tools/**',
      'libs/testing/**',
      'libs/*/src/**/testing/**/*.ts',
      'libs/sdk/**',
    ],
    rules: {
      'no-restricted-imports': 'off',
      'no-restricted-syntax': 'off',
      'no-restricted-globals': 'off',
    },
  },
  {
    files: ['libs/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            '@nestjs/*',
            'typeorm',
            'ioredis',
            'kafkajs',
            'undici',
            'pg',
            'node:fs',
            'node:net',
            'node:http',
            'node:https',
            'node:dns',
          ],
        },
      ],
      'no-restricted-globals': ['error', { name: 'fetch', message: 'libs/domain does no I/O.' }],
    },
  },
  {
    files: TEST_CODE,
    rules: { 'no-restricted-syntax': ['error', ...FIXED_WAITS] },
  },
  {
    // Contract suites are test code too, in libs that keep their other restrictions.
    files: ['**/*.contract.ts'],
    rules: {
      'no-restricted-syntax': ['error', RAW_CONNECTION_CALLS, CLIENT_ADDRESS_READ, ...FIXED_WAITS],
    },
  },
  {
    files: ['libs/feature-*/src/**/*.contract.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        RAW_CONNECTION_CALLS,
        CLIENT_ADDRESS_READ,
        TOPIC_LITERAL,
        ...FIXED_WAITS,
      ],
    },
  },
  {
    // Where the waiting is done: waitUntil's poll and staysTrueFor, the one fixed wait (and the
    // SDK's own waitUntil, since its tests may import nothing else of this repository).
    files: ['libs/testing/src/wait/*.ts', 'libs/sdk/src/testing/wait-until.ts'],
    ignores: ['**/*.spec.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Tool configuration and scripts in plain JavaScript (CommonJS where the tool requires it).
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: {
      globals: {
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
        process: 'readonly',
        console: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
