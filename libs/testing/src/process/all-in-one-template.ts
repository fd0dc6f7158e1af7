import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort } from '../infra/free-port';
import { startNodeProcess, waitForHttp } from './node-process';

/**
 * Names a migrated, unseeded all-in-one data directory that startAllInOne copies into each new
 * data directory. The e2e global setup makes it once per run: migrating PGlite from nothing takes
 * most of an all-in-one's start-up (about 30 s on the project's machine), and the suites start
 * dozens. Its secrets (encryption key, internal token, signing key) are shared by every copy,
 * which no test tells apart. A suite about a first start passes `dataDirTemplate: null`.
 */
export const ALL_IN_ONE_TEMPLATE_VARIABLE = 'GATEHOUSE_TEST_ALL_IN_ONE_TEMPLATE';

/**
 * Starts the built all-in-one on an empty directory with an empty seed, stops it once ready, and
 * returns the directory. Jest's global setup runs it, outside the path aliases: relative imports only.
 */
export async function prepareAllInOneTemplate(): Promise<string> {
  const home = mkdtempSync(join(tmpdir(), 'gatehouse-all-in-one-template-'));
  try {
    const emptySeed = join(home, 'empty-seed.yaml');
    writeFileSync(emptySeed, 'users: []\n');
    const template = join(home, 'data');
    const port = await findFreePort();
    const gatehouse = startNodeProcess('dist/apps/gatehouse/src/main.js', {
      env: {
        PORT: String(port),
        GATEHOUSE_DATA_DIR: template,
        GATEHOUSE_SEED: emptySeed,
        DATABASE_URL: '',
        REDIS_URL: '',
        KAFKA_BROKERS: '',
      },
    });
    try {
      await waitForHttp(`http://127.0.0.1:${port}/readyz`, {
        timeoutMs: 300_000,
        process: gatehouse,
      });
    } finally {
      await gatehouse.stop();
    }
    return template;
  } catch (error) {
    rmSync(home, { recursive: true, force: true });
    throw error;
  }
}

/** Removes what prepareAllInOneTemplate made. */
export function removeAllInOneTemplate(template: string): void {
  rmSync(join(template, '..'), { recursive: true, force: true });
}
