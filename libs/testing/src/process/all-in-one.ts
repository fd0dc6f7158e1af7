import { INTERNAL_TOKEN_FILE } from '@gatehouse/config/testing';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort } from '../infra/free-port';
import { ALL_IN_ONE_TEMPLATE_VARIABLE } from './all-in-one-template';
import { NodeProcess, startNodeProcess, waitForHttp } from './node-process';

export interface AllInOneOptions {
  /** Added to (and overriding) the all-in-one's environment; `undefined` removes a variable. */
  env?: Record<string, string | undefined>;
  /** GATEHOUSE_SEED: a seed file, or a function that writes one into the data directory and returns its path. Default: the demo seed. */
  seed?: string | ((dataDir: string) => string);
  /** GATEHOUSE_PUBLIC_URL is `url` (the issuer clients check) instead of the default http://localhost:<port>. */
  listeningUrlIsPublic?: boolean;
  /** The host of `url` (default 127.0.0.1): `localhost` is the same loopback listener under a name. */
  publicHost?: 'localhost';
  /** Waits for /readyz before returning (default); false returns as soon as the process is spawned. */
  waitUntilReady?: boolean;
  /**
   * A migrated data directory copied in before the start, so the all-in-one skips migrating from
   * nothing. Default: the run's template (ALL_IN_ONE_TEMPLATE_VARIABLE) when the e2e global setup
   * made one; null starts from an empty directory, as `npm start` on a fresh clone does.
   */
  dataDirTemplate?: string | null;
}

export interface RunningAllInOne {
  /** `http://127.0.0.1:<port>`, or `http://localhost:<port>` with `publicHost`. */
  url: string;
  /** Its GATEHOUSE_DATA_DIR, a temporary directory removed by `stop`. */
  dataDir: string;
  process: NodeProcess;
  /** The internal token the all-in-one generated into its data directory. */
  internalToken(): string;
  /** SIGTERM (SIGKILL after the grace period), then removes the data directory. */
  stop(): Promise<void>;
}

/**
 * The built all-in-one (`dist/apps/gatehouse/src/main.js`, built by the e2e global setup) on a
 * free loopback port and a temporary data directory, on its embedded stores: the run's
 * DATABASE_URL, REDIS_URL and KAFKA_BROKERS are blanked, and so is any inherited public URL or
 * internal token.
 */
export async function startAllInOne(options: AllInOneOptions = {}): Promise<RunningAllInOne> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-all-in-one-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  const template =
    options.dataDirTemplate === undefined
      ? process.env[ALL_IN_ONE_TEMPLATE_VARIABLE]
      : options.dataDirTemplate;
  let seed: string;
  let port: number;
  try {
    if (template) cpSync(template, dataDir, { recursive: true });
    seed = typeof options.seed === 'function' ? options.seed(dataDir) : (options.seed ?? '');
    port = await findFreePort();
  } catch (error) {
    removeDataDir();
    throw error;
  }
  const url = `http://${options.publicHost ?? '127.0.0.1'}:${port}`;
  const gatehouse = startNodeProcess('dist/apps/gatehouse/src/main.js', {
    env: {
      PORT: String(port),
      GATEHOUSE_DATA_DIR: dataDir,
      GATEHOUSE_SEED: seed,
      GATEHOUSE_PUBLIC_URL: options.listeningUrlIsPublic ? url : undefined,
      GATEHOUSE_INTERNAL_TOKEN: undefined,
      DATABASE_URL: '',
      REDIS_URL: '',
      KAFKA_BROKERS: '',
      ...options.env,
    },
  });
  const stop = async () => {
    await gatehouse.stop();
    removeDataDir();
  };
  if (options.waitUntilReady ?? true) {
    try {
      await waitForHttp(`${url}/readyz`, { timeoutMs: 60_000, process: gatehouse });
    } catch (error) {
      await stop();
      throw error;
    }
  }
  return {
    url,
    dataDir,
    process: gatehouse,
    internalToken: () => readFileSync(join(dataDir, INTERNAL_TOKEN_FILE), 'utf8').trim(),
    stop,
  };
}
