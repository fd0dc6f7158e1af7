// Token-exchange benchmark (issue 5): exchanges per second of POST /oauth/token with the RFC 8693
// organization grant on this machine, each exchange storing its token and its hash-chained audit
// entry in one transaction.
//
//   node --require ./libs/testing/src/infra/register-swc.js tools/bench/token-exchange.ts \
//     [--requests N] [--concurrency C] [--scope "read-repos"] [--shape distributed|all-in-one|both]
//
// Builds dist/, then measures, on loopback, bounded by the request count:
//   distributed: the auth and token-exchange services as two processes (auth hands each grant to
//     token-exchange over internal HTTP) on a fresh PostgreSQL database, the run's Redis and a
//     Kafka broker of its own (what the integration tests use; same prerequisites);
//   all-in-one: `npm start`'s process on PGlite in a temporary data directory.
// The demo seed's acme-token-exchange app exchanges for alice and bob in turn.
import 'reflect-metadata';
import { SecretBox } from '@gatehouse/crypto';
import { applySeed, closeDataSource, createDataSource, createSeedDeps, loadSeedFile, runMigrations } from '@gatehouse/persistence';
import {
  findFreePort,
  NodeProcess,
  startNodeProcess,
  startTestRunInfrastructure,
  stopTestRunInfrastructure,
  waitForHttp,
  WORKSPACE_ROOT,
} from '@gatehouse/testing';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { LoadResult, runExchangeLoad } from './token-exchange-load';

const DEMO_SEED = join(WORKSPACE_ROOT, 'libs/persistence/seed/demo.yaml');
const CLIENT = { clientId: '6b1c2d3e-4f50-4a61-8b72-9c83d4e5f607', clientSecret: 'acme-exchange-secret-0123456789' };
const USER_EMAIL = 'urn:huggingface:token-type:user-email';
const WARMUP_REQUESTS = 200;

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}

function count(name: string, fallback: number): number {
  const value = Number(option(name, String(fallback)));
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} takes a positive whole number`);
  return value;
}

async function measure(baseUrl: string, settings: { requests: number; concurrency: number; scope: string }): Promise<LoadResult> {
  const load = { ...CLIENT, baseUrl, subjectTokenType: USER_EMAIL, emails: ['alice@example.com', 'bob@example.com'], scope: settings.scope, concurrency: settings.concurrency };
  await runExchangeLoad({ ...load, requests: WARMUP_REQUESTS });
  return runExchangeLoad({ ...load, requests: settings.requests });
}

async function distributed(settings: { requests: number; concurrency: number; scope: string }): Promise<LoadResult> {
  const infra = await startTestRunInfrastructure();
  const processes: NodeProcess[] = [];
  try {
    const secrets = { GATEHOUSE_ENCRYPTION_KEY: randomBytes(32).toString('base64'), GATEHOUSE_INTERNAL_TOKEN: randomBytes(32).toString('base64url') };
    const ds = await createDataSource({ type: 'postgres', url: infra.database.url });
    try {
      await runMigrations(ds);
      await applySeed(ds, await loadSeedFile(DEMO_SEED), createSeedDeps(SecretBox.fromBase64Key(secrets.GATEHOUSE_ENCRYPTION_KEY)));
    } finally {
      await closeDataSource(ds);
    }
    const ports = { auth: await findFreePort(), exchange: await findFreePort() };
    const urls = { auth: `http://127.0.0.1:${ports.auth}`, exchange: `http://127.0.0.1:${ports.exchange}` };
    const env = {
      ...secrets,
      DATABASE_URL: infra.database.url,
      REDIS_URL: infra.redis.url,
      KAFKA_BROKERS: infra.kafka.brokers,
      GATEHOUSE_PUBLIC_URL: urls.auth,
      GATEHOUSE_TOKEN_EXCHANGE_URL: urls.exchange,
      LOG_LEVEL: 'warn',
    };
    processes.push(startNodeProcess('dist/apps/token-exchange/src/main.js', { env: { ...env, PORT: String(ports.exchange) } }));
    processes.push(startNodeProcess('dist/apps/auth/src/main.js', { env: { ...env, PORT: String(ports.auth) } }));
    await waitForHttp(`${urls.exchange}/readyz`, { timeoutMs: 60_000, process: processes[0] });
    await waitForHttp(`${urls.auth}/readyz`, { timeoutMs: 60_000, process: processes[1] });
    return await measure(urls.auth, settings);
  } finally {
    await Promise.all(processes.map((process) => process.stop()));
    await stopTestRunInfrastructure(infra);
  }
}

async function allInOne(settings: { requests: number; concurrency: number; scope: string }): Promise<LoadResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-'));
  const port = await findFreePort();
  const base = `http://127.0.0.1:${port}`;
  const gatehouse = startNodeProcess('dist/apps/gatehouse/src/main.js', {
    env: { PORT: String(port), GATEHOUSE_DATA_DIR: dataDir, GATEHOUSE_SEED: DEMO_SEED, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '', KAFKA_BROKERS: '' },
  });
  try {
    await waitForHttp(`${base}/readyz`, { timeoutMs: 60_000, process: gatehouse });
    return await measure(base, settings);
  } finally {
    await gatehouse.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function line(shape: string, result: LoadResult): string {
  return (
    `${shape.padEnd(12)} ${result.perSecond.toFixed(0).padStart(6)} exchanges/s  ` +
    `(${result.requests} requests, concurrency ${result.concurrency}, ${result.seconds.toFixed(2)} s; ` +
    `latency p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms)`
  );
}

async function main(): Promise<void> {
  const settings = { requests: count('requests', 3000), concurrency: count('concurrency', 8), scope: option('scope', 'read-repos') };
  const shape = option('shape', 'both');
  if (!['distributed', 'all-in-one', 'both'].includes(shape)) throw new Error('--shape is distributed, all-in-one or both');
  execFileSync(process.execPath, [join(WORKSPACE_ROOT, 'tools/build.mjs')], { cwd: WORKSPACE_ROOT, stdio: 'ignore' });
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  console.log(`Token exchange, scope "${settings.scope}", on ${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`);
  if (shape !== 'all-in-one') console.log(line('distributed', await distributed(settings)));
  if (shape !== 'distributed') console.log(line('all-in-one', await allInOne(settings)));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
