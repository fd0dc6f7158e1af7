import { REGISTER_SWC, WORKSPACE_ROOT } from '@gatehouse/testing';
import { spawnSync } from 'node:child_process';

// What libs/persistence/src/postgres-driver-only.ts does for every service (service-dependencies.spec.ts
// checks that each main file loads it first): Jest's module registry is not Node's module cache, so
// it is seen only in a plain Node process, as the services run.
const PROBE = `
require('./libs/persistence/src/postgres-driver-only.ts');
const { DataSource } = require('typeorm');
const driver = new DataSource({ type: 'postgres' }).driver.constructor.name;
let refused;
try {
  new DataSource({ type: 'mysql' });
} catch (error) {
  refused = error.name + ': ' + error.message;
}
const loaded = Object.keys(require.cache)
  .map((file) => /typeorm\\/driver\\/[^/]+\\/(\\w+(Driver|QueryRunner))\\.js$/.exec(file)?.[1])
  .filter(Boolean)
  .sort();
process.stdout.write(JSON.stringify({ driver, refused, loaded }));
`;

describe('TypeORM with the PostgreSQL-only driver factory in place', () => {
  it("leaves TypeORM's other drivers unloaded, creates its PostgreSQL driver, and refuses another type", () => {
    const run = spawnSync(process.execPath, ['--require', REGISTER_SWC, '-e', PROBE], {
      cwd: WORKSPACE_ROOT,
      encoding: 'utf8',
    });

    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({
      driver: 'PostgresDriver',
      refused: expect.stringMatching(/^MissingDriverError: .*"mysql".*postgres/) as unknown,
      loaded: ['PostgresDriver', 'PostgresQueryRunner'],
    });
  });
});
