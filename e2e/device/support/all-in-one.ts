import { findFreePort, NodeProcess, startNodeProcess, waitForHttp } from '@gatehouse/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The demo seed's user (libs/persistence/seed/demo.yaml) and its public CLI app. */
export const DEMO_USER = { username: 'alice', password: 'gatehouse-demo' };
export const CLI_CLIENT_ID = 'gatehouse-cli';
/** Polls every second instead of five, so the suites wait less. */
export const POLL_INTERVAL_SECONDS = 1;

export interface RunningAllInOne {
  base: string;
  process: NodeProcess;
  stop(): Promise<void>;
}

/**
 * The all-in-one (`dist/apps/gatehouse/src/main.js`, built by the e2e global setup) on a free
 * port and a temporary data directory, with the demo seed, its public URL on 127.0.0.1 (the
 * issuer openid-client checks), and a short device poll interval.
 */
export async function startAllInOne(): Promise<RunningAllInOne> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-device-e2e-'));
  const port = await findFreePort();
  const base = `http://127.0.0.1:${port}`;
  const gatehouse = startNodeProcess('dist/apps/gatehouse/src/main.js', {
    env: {
      PORT: String(port),
      GATEHOUSE_PUBLIC_URL: base,
      GATEHOUSE_DATA_DIR: dataDir,
      GATEHOUSE_SEED: undefined,
      GATEHOUSE_DEVICE_POLL_INTERVAL_SECONDS: String(POLL_INTERVAL_SECONDS),
      DATABASE_URL: '',
      REDIS_URL: '',
      KAFKA_BROKERS: '',
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
