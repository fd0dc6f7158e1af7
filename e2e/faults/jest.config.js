// `npm run test:faults`: the fault suite (docs/reliability.md), kept out of `npm test`. The same
// transform and module mapping as the e2e tier; the suite starts its own servers (a Kafka broker it
// can stop, a scratch database, a claimed Redis database) and runs its scenarios one after another.
const path = require('node:path');
const root = require('../../jest.config.js');

const e2e = root.projects.find((project) => project.displayName === 'e2e');

module.exports = {
  ...e2e,
  displayName: 'faults',
  testMatch: ['<rootDir>/e2e/faults/**/*.faults-spec.ts'],
  globalSetup: path.join(__dirname, 'support/build-once.ts'),
  globalTeardown: undefined,
  maxWorkers: 1,
};
