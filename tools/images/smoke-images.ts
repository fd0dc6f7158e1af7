import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { IMAGES_DIR, stageImage } from './image-directories';
import {
  IMAGE_SERVICES,
  manifestDirectory,
  READ_BY_PATH,
  type ImageService,
} from './image-services';
import { builtGraphOf } from './module-graph';
import { UNTAKEN_PATHS } from './service-dependencies';

// `npm run images:smoke`: what can be checked of the images without a container engine. Each
// image's /app, laid out in IMAGES_DIR/<service> (by `npm run images:measure`, or here when
// missing; image-directories.ts), must
//   0. have the lockfile npm itself writes for its package.json from it
//      (`npm install --package-lock-only` changes no byte of deploy/images/<service>/);
//   1. load every built file it holds and resolve every package those files require, but the
//      files of a path its process never takes (service-dependencies.ts, UNTAKEN_PATHS);
//   2. run: the CLI migrates and seeds a scratch database of the local PostgreSQL; each service
//      starts on it and the local Redis, answers /healthz, and exits 0 on SIGTERM (Kafka is not
//      started: the services serve without it, and /readyz says so); the all-in-one starts on
//      PGlite with its demo seed; `auth` and the all-in-one serve the settings app.
// Settings: SMOKE_POSTGRES_URL (postgres://postgres@127.0.0.1:5432/postgres), SMOKE_REDIS_URL
// (redis://127.0.0.1:6379/15).

const ROOT = join(__dirname, '..', '..');
const SERVER_URL = process.env.SMOKE_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.SMOKE_REDIS_URL ?? 'redis://127.0.0.1:6379/15';
const DATABASE = 'gatehouse_images_smoke';
const databaseUrl = (() => {
  const url = new URL(SERVER_URL);
  url.pathname = `/${DATABASE}`;
  return url.toString();
})();

const LOAD_CHECK = `
const [files, packages] = JSON.parse(process.argv[1]);
const path = require('node:path');
const failures = [];
for (const file of files) {
  try { require(path.resolve(file)); } catch (error) { failures.push(file + ': ' + error.message.split('\\n')[0]); }
}
for (const [file, name] of packages) {
  try { require.resolve(name, { paths: [path.dirname(path.resolve(file))] }); }
  catch (error) { failures.push(file + ' requires ' + name + ': ' + error.message.split('\\n')[0]); }
}
console.log(JSON.stringify(failures));
process.exit(0);
`;

/** Loads every file of the image, and resolves every package they require, inside it. */
function loadCheck(service: ImageService, directory: string): string[] {
  const graph = builtGraphOf(service, join(directory, 'dist'));
  const untaken = new Set(
    UNTAKEN_PATHS.filter((path) => !path.takenBy(service)).flatMap((path) =>
      path.requiredIn.map((file) => join('dist', file.replace(/\.ts$/, '.js'))),
    ),
  );
  const inImage = (file: string) => file.slice(file.indexOf('dist/'));
  const files = graph.files
    .map(inImage)
    .filter((file) => file.endsWith('.js') && !file.endsWith('/src/main.js') && !untaken.has(file));
  const packages = [...graph.eager, ...graph.lazy].flatMap(([name, requirers]) =>
    requirers
      .map(inImage)
      .filter((file) => !untaken.has(file))
      .map((file) => [file, name]),
  );
  const output = execFileSync(
    process.execPath,
    ['-e', LOAD_CHECK, JSON.stringify([files, packages])],
    {
      cwd: directory,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, NODE_ENV: 'production' },
    },
  );
  return JSON.parse(output.trim().split('\n').pop()!) as string[];
}

/** Whether npm, writing the lock of deploy/images/<service>/ again, writes the same bytes. */
function npmWritesTheSameLock(service: ImageService): boolean {
  const directory = mkdtempSync(join(tmpdir(), 'gatehouse-lock-'));
  try {
    for (const file of ['package.json', 'package-lock.json'])
      cpSync(join(ROOT, manifestDirectory(service), file), join(directory, file));
    execFileSync(
      'npm',
      [
        'install',
        '--package-lock-only',
        '--prefer-offline',
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
      ],
      { cwd: directory, stdio: 'ignore' },
    );
    const written = readFileSync(join(directory, 'package-lock.json'), 'utf8');
    return (
      written === readFileSync(join(ROOT, manifestDirectory(service), 'package-lock.json'), 'utf8')
    );
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

async function resetDatabase(): Promise<void> {
  const client = new Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
}

async function dropDatabase(): Promise<void> {
  const client = new Client({ connectionString: SERVER_URL });
  await client.connect();
  await client
    .query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`)
    .finally(() => client.end());
}

const secrets = {
  GATEHOUSE_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  GATEHOUSE_INTERNAL_TOKEN: randomBytes(32).toString('hex'),
};

function cli(args: string[], env: Record<string, string>): string {
  return execFileSync(process.execPath, ['dist/apps/cli/src/main.js', ...args], {
    cwd: join(IMAGES_DIR, 'cli'),
    encoding: 'utf8',
    env: { PATH: process.env.PATH, NODE_ENV: 'production', ...env },
  });
}

const PORTS: Record<Exclude<ImageService, 'cli'>, number> = {
  auth: 39_300,
  'token-exchange': 39_301,
  'webhook-management': 39_302,
  'delivery-worker': 39_303,
  gatehouse: 39_304,
};

function environmentOf(
  service: Exclude<ImageService, 'cli'>,
  dataDir: string,
): Record<string, string> {
  const port = String(PORTS[service]);
  if (service === 'gatehouse')
    return { PORT: port, GATEHOUSE_DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  return {
    ...secrets,
    PORT: port,
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    KAFKA_BROKERS: '127.0.0.1:1',
    GATEHOUSE_PUBLIC_URL: 'http://127.0.0.1:8080',
    LOG_LEVEL: 'fatal',
    ...(service === 'auth'
      ? { GATEHOUSE_TOKEN_EXCHANGE_URL: `http://127.0.0.1:${PORTS['token-exchange']}` }
      : {}),
    ...(service === 'delivery-worker'
      ? {
          GATEHOUSE_JOB_LAUNCHER: 'kubernetes',
          GATEHOUSE_KUBERNETES_JOB_NAMESPACE: 'gatehouse-jobs',
        }
      : {}),
  };
}

/** Starts the service's main file in its image, waits for /healthz, then stops it with SIGTERM. */
async function startAndStop(service: Exclude<ImageService, 'cli'>): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-smoke-'));
  const child = spawn(process.execPath, [`dist/apps/${service}/src/main.js`], {
    cwd: join(IMAGES_DIR, service),
    env: { PATH: process.env.PATH, NODE_ENV: 'production', ...environmentOf(service, dataDir) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const base = `http://127.0.0.1:${PORTS[service]}`;
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`exited with ${child.exitCode} before answering: ${stderr.slice(-2000)}`);
      if (Date.now() > deadline)
        throw new Error(`no /healthz answer in 120 s: ${stderr.slice(-2000)}`);
      const healthy = await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (healthy) break;
      await new Promise((wait) => setTimeout(wait, 500));
    }
    if (READ_BY_PATH[service].includes('dist/apps/web')) {
      const settings = await fetch(`${base}/settings`).then((r) => r.status);
      if (settings !== 200)
        throw new Error(`GET /settings answered ${settings}, not the settings app`);
    }
    const readiness = await fetch(`${base}/readyz`).then(
      (r) => r.text(),
      (e: Error) => e.message,
    );
    child.kill('SIGTERM');
    const code = await exited;
    if (code !== 0) throw new Error(`exited with ${code} after SIGTERM: ${stderr.slice(-2000)}`);
    return readiness;
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const problems: string[] = [];
  for (const service of IMAGE_SERVICES) {
    const directory = join(IMAGES_DIR, service);
    const sameLock = npmWritesTheSameLock(service);
    console.log(`${service}: npm writes the same package-lock.json: ${sameLock ? 'ok' : 'no'}`);
    if (!sameLock) problems.push(`${service}: npm writes another package-lock.json`);
    if (!existsSync(join(directory, 'node_modules'))) stageImage(service, directory);
    const failures = loadCheck(service, directory);
    console.log(
      `${service}: loads its files and resolves their packages: ${failures.length === 0 ? 'ok' : failures.join('; ')}`,
    );
    problems.push(...failures.map((failure) => `${service}: ${failure}`));
  }
  await resetDatabase();
  try {
    cli(['admin', 'migrate'], { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' });
    console.log('cli: admin migrate: ok');
    cli(['admin', 'seed', join(ROOT, 'libs/persistence/seed/demo.yaml')], {
      ...secrets,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
    });
    console.log('cli: admin seed demo.yaml: ok');
    for (const service of Object.keys(PORTS) as Array<keyof typeof PORTS>) {
      try {
        const readiness = await startAndStop(service);
        console.log(`${service}: started, /healthz 200, exit 0 on SIGTERM; /readyz ${readiness}`);
      } catch (error) {
        problems.push(`${service}: ${(error as Error).message}`);
        console.log(`${service}: ${(error as Error).message}`);
      }
    }
  } finally {
    await dropDatabase();
  }
  if (problems.length > 0) {
    console.error(`${problems.length} problem(s)`);
    process.exit(1);
  }
  console.log('every image loads and starts');
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
