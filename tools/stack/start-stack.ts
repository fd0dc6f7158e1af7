import {
  DEMO_SEED,
  type RunningStack,
  startKafkaBroker,
  startStack,
  type RunningKafkaBroker,
} from '@gatehouse/testing';
import { Client } from 'pg';

// `npm run start:stack`: the distributed shape on this machine, without Docker. A single-node
// KRaft Kafka from the cached Apache Kafka jars, the local PostgreSQL (database `gatehouse_stack`,
// created when missing) and Redis, auth ×2, token-exchange, webhook-management, delivery-worker ×2,
// and the nginx gateway on one port, with the demo seed. Ctrl-C stops everything it started.

const env = process.env;
const PORT = Number(env.PORT ?? 8080);
const DATABASE_URL = env.STACK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/gatehouse_stack';
const REDIS_URL = env.STACK_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const REPLICAS = {
  auth: Number(env.STACK_AUTH_REPLICAS ?? 2),
  'delivery-worker': Number(env.STACK_WORKER_REPLICAS ?? 2),
};

const COLORS = [36, 33, 35, 32, 34, 31, 96, 93];
const colorOf = new Map<string, number>();
function print(name: string, line: string): void {
  if (!colorOf.has(name)) colorOf.set(name, COLORS[colorOf.size % COLORS.length]!);
  const label = process.stdout.isTTY
    ? `\x1b[${colorOf.get(name)}m${name.padEnd(18)}\x1b[0m`
    : name.padEnd(18);
  process.stdout.write(`${label} | ${line}\n`);
}

async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const server = new URL(url);
  server.pathname = '/postgres';
  const client = new Client({ connectionString: server.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
      print('stack', `created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  let kafka: RunningKafkaBroker | undefined;
  let stack: RunningStack | undefined;
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    print('stack', 'stopping every process it started…');
    await stack?.stop();
    await kafka?.stop();
    print('stack', 'stopped');
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  try {
    await ensureDatabase(DATABASE_URL);
    print('stack', 'starting Kafka (single-node KRaft)…');
    kafka = await startKafkaBroker();
    print(
      'kafka',
      `Kafka ${kafka.version} at ${kafka.brokers}, ready in ${(kafka.startupMs / 1000).toFixed(1)} s`,
    );
    stack = await startStack({
      databaseUrl: DATABASE_URL,
      redisUrl: REDIS_URL,
      kafkaBrokers: kafka.brokers,
      port: PORT,
      replicas: REPLICAS,
      seed: DEMO_SEED,
      env: { GATEHOUSE_ALLOW_LOOPBACK_TARGETS: 'true' },
      onLine: print,
    });
    for (const replica of stack.replicas)
      print('stack', `${replica.name} (pid ${replica.process.child.pid}) at ${replica.url}`);
    print('stack', `gateway (pid ${stack.gateway.pid}) at ${stack.url}`);
    process.stdout.write(
      [
        '',
        `Gatehouse (distributed) is ready at ${stack.url}`,
        `  sign in as alice / gatehouse-demo: ${stack.url}/settings`,
        `  CLI: node dist/apps/cli/src/main.js auth login --endpoint ${stack.url}`,
        `  events: node dist/apps/cli/src/main.js events publish event.json --endpoint ${stack.service('webhook-management').url} --internal-token ${stack.internalToken}`,
        'Press Ctrl-C to stop everything.',
        '',
      ].join('\n'),
    );
  } catch (error) {
    print('stack', `could not start: ${(error as Error).message}`);
    await stop(1);
  }
}

void main();
