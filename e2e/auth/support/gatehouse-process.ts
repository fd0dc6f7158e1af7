import { findFreePort, NodeProcess, startNodeProcess, waitForHttp } from '@gatehouse/testing';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningGatehouse {
  /** The issuer and base URL, `http://127.0.0.1:<port>`. */
  base: string;
  process: NodeProcess;
  stop(): Promise<void>;
}

/**
 * The built all-in-one (`dist/apps/gatehouse/src/main.js`, built by the e2e global setup) on a
 * free port, a temporary data directory and the given seed, with loopback targets allowed (the
 * metadata documents of these tests are served on loopback).
 */
export async function startGatehouse(
  seed: object,
  env: Record<string, string> = {},
): Promise<RunningGatehouse> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-auth-e2e-'));
  const seedPath = join(dataDir, 'seed.json');
  writeFileSync(seedPath, JSON.stringify(seed));
  const port = await findFreePort();
  const base = `http://127.0.0.1:${port}`;
  const gatehouse = startNodeProcess('dist/apps/gatehouse/src/main.js', {
    env: {
      PORT: String(port),
      GATEHOUSE_PUBLIC_URL: base,
      GATEHOUSE_DATA_DIR: join(dataDir, 'data'),
      GATEHOUSE_SEED: seedPath,
      GATEHOUSE_ALLOW_LOOPBACK_TARGETS: 'true',
      DATABASE_URL: '',
      REDIS_URL: '',
      KAFKA_BROKERS: '',
      ...env,
    },
  });
  try {
    await waitForHttp(`${base}/readyz`, { timeoutMs: 60_000, process: gatehouse });
  } catch (error) {
    await gatehouse.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    base,
    process: gatehouse,
    stop: async () => {
      await gatehouse.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
