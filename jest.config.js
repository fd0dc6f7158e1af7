// One Jest run, three tiers (docs/architecture.md "Tests"): unit specs beside the code,
// integration specs against the real PostgreSQL, Redis and Kafka, and end-to-end suites in e2e/.
const fs = require('node:fs');
const path = require('node:path');

const swcrc = JSON.parse(fs.readFileSync(path.join(__dirname, '.swcrc'), 'utf8'));
delete swcrc.$schema;
const { compilerOptions } = require('./tsconfig.base.json');

const moduleNameMapper = Object.fromEntries(
  Object.entries(compilerOptions.paths).map(([alias, [target]]) => [
    `^${alias.replace('/', '\\/')}$`,
    `<rootDir>/${target}`,
  ]),
);

const common = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)s$': ['@swc/jest', { ...swcrc, swcrc: false }] },
  moduleNameMapper,
  // ESM-only packages Jest's CommonJS runtime cannot load untransformed.
  transformIgnorePatterns: ['/node_modules/(?!(jose|openid-client|oauth4webapi)/)'],
  modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/libs/sdk/dist/'],
  setupFiles: ['<rootDir>/libs/testing/src/jest/setup-unit.ts'],
};

module.exports = {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs,tools}/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/{apps,libs,tools}/**/*.int-spec.ts'],
      globalSetup: '<rootDir>/libs/testing/src/jest/global-setup.ts',
      globalTeardown: '<rootDir>/libs/testing/src/jest/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/libs/testing/src/jest/timeout-integration.ts'],
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/e2e/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/libs/testing/src/jest/e2e-global-setup.ts',
      globalTeardown: '<rootDir>/libs/testing/src/jest/global-teardown.ts',
      setupFilesAfterEnv: [
        '<rootDir>/libs/testing/src/jest/timeout-e2e.ts',
        '<rootDir>/libs/testing/src/jest/openapi-responses-e2e.ts',
      ],
    },
  ],
};
