import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { findFreePort } from '../infra/free-port';
import {
  type NodeProcess,
  startNodeProcess,
  waitForHttp,
  WORKSPACE_ROOT,
} from '../process/node-process';
import { type RunningGateway, startGateway } from './nginx-gateway';

export const STACK_SERVICES = [
  'auth',
  'token-exchange',
  'webhook-management',
  'delivery-worker',
] as const;
export type StackService = (typeof STACK_SERVICES)[number];

/** Services the gateway routes to, by their nginx upstream name. */
const ROUTED: Partial<Record<StackService, string>> = {
  auth: 'auth',
  'token-exchange': 'token_exchange',
  'webhook-management': 'webhook_management',
};
export const DEMO_SEED = join(WORKSPACE_ROOT, 'libs/persistence/seed/demo.yaml');
/** Where the gateway's connections to the services come from, the one proxy they trust. */
const GATEWAY_ADDRESS = '127.0.0.1/32';

export interface StackOptions {
  databaseUrl: string;
  redisUrl: string;
  kafkaBrokers: string;
  /** The gateway's port (the one public address); a free one when absent. */
  port?: number;
  /** Replicas per service (default one each). */
  replicas?: Partial<Record<StackService, number>>;
  /** Seed file applied after the migrations (default the demo seed); null for none. */
  seed?: string | null;
  /** More environment for every service (e.g. GATEHOUSE_ALLOW_LOOPBACK_TARGETS). */
  env?: Record<string, string>;
  /** The host of the gateway's public URL (default 127.0.0.1); `localhost` reaches the same listener. */
  publicHost?: 'localhost';
  /** Every line a process writes, with its name (`auth-1`), for a console that shows them all. */
  onLine?: (name: string, line: string) => void;
}

export interface StackReplica {
  name: string;
  service: StackService;
  url: string;
  /** The replica's current process (a new one after restart()). */
  process: NodeProcess;
  /**
   * Starts the replica again on the same port once its process has ended; resolves when it
   * listens (not waiting for readiness). `changes` set (a string) or remove (null) variables of
   * its environment, kept for every later restart: what a rollout with a changed Secret does.
   */
  restart(changes?: EnvironmentChanges): Promise<void>;
}

/** Variables to set (a string) or to remove (null). */
export type EnvironmentChanges = Record<string, string | null>;

export interface RunningStack {
  /** The gateway: the issuer and the base URL of every public route. */
  url: string;
  internalToken: string;
  encryptionKey: string;
  replicas: StackReplica[];
  gateway: RunningGateway;
  /** Runs the CLI (`dist/apps/cli`) against the stack's stores; `env` adds to or overrides them. Rejects when it exits non-zero. */
  cli(args: string[], env?: Record<string, string>): Promise<string>;
  /** The first replica of a service, for its internal routes (never routed by the gateway). */
  service(service: StackService): StackReplica;
  stop(): Promise<void>;
}

function follow(process: NodeProcess, name: string, onLine: StackOptions['onLine']): void {
  if (!onLine) return;
  for (const stream of [process.child.stdout!, process.child.stderr!]) {
    let pending = '';
    stream.on('data', (chunk: Buffer | string) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) if (line.trim()) onLine(name, line);
    });
  }
}

async function runCli(
  args: string[],
  env: Record<string, string>,
  onLine: StackOptions['onLine'],
): Promise<string> {
  const cli = startNodeProcess('dist/apps/cli/src/main.js', { args, env });
  follow(cli, `${args[0]} ${args[1]}`, onLine);
  const { code } = await cli.exited;
  if (code !== 0) throw new Error(`gatehouse ${args.join(' ')} failed (${code}):\n${cli.output()}`);
  return cli.output();
}

/**
 * The distributed shape as processes, built from dist/: the migrations and the seed, every
 * service with its replicas against the given PostgreSQL, Redis and Kafka, and an nginx gateway
 * on one port routing the public routes (deploy/gateway/routes.conf). A failed start stops what
 * it started.
 */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const internalToken = randomBytes(32).toString('base64url');
  const encryptionKey = randomBytes(32).toString('base64');
  const gatewayPort = options.port ?? (await findFreePort());
  const url = `http://${options.publicHost ?? '127.0.0.1'}:${gatewayPort}`;
  const stores = {
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    KAFKA_BROKERS: options.kafkaBrokers,
    GATEHOUSE_ENCRYPTION_KEY: encryptionKey,
  };

  await runCli(['admin', 'migrate'], stores, options.onLine);
  if (options.seed !== null)
    await runCli(['admin', 'seed', options.seed ?? DEMO_SEED], stores, options.onLine);

  const replicas: StackReplica[] = [];
  let gateway: RunningGateway | undefined;
  const stop = async () => {
    await gateway?.stop();
    await Promise.all(replicas.map((replica) => replica.process.stop()));
  };
  try {
    const plan: Array<{ service: StackService; name: string; port: number }> = [];
    for (const service of STACK_SERVICES) {
      const count = options.replicas?.[service] ?? 1;
      for (let index = 1; index <= count; index++)
        plan.push({
          service,
          name: count > 1 ? `${service}-${index}` : service,
          port: await findFreePort(),
        });
    }
    const tokenExchange = plan.find((entry) => entry.service === 'token-exchange')!;
    for (const { service, name, port } of plan) {
      const env: Record<string, string> = {
        ...stores,
        GATEHOUSE_INTERNAL_TOKEN: internalToken,
        PORT: String(port),
        GATEHOUSE_PUBLIC_URL: url,
        GATEHOUSE_TOKEN_EXCHANGE_URL: `http://127.0.0.1:${tokenExchange.port}`,
        GATEHOUSE_SHUTDOWN_GRACE_MS: '3000',
        // The gateway reaches the services from 127.0.0.1 and sets X-Forwarded-For to its client.
        ...(ROUTED[service] ? { GATEHOUSE_TRUSTED_PROXIES: GATEWAY_ADDRESS } : {}),
        ...options.env,
      };
      const launch = () => {
        const process = startNodeProcess(`dist/apps/${service}/src/main.js`, { env });
        follow(process, name, options.onLine);
        return process;
      };
      const replica: StackReplica = {
        name,
        service,
        url: `http://127.0.0.1:${port}`,
        process: launch(),
        restart: async (changes = {}) => {
          await replica.process.exited;
          for (const [variable, value] of Object.entries(changes)) {
            if (value === null) delete env[variable];
            else env[variable] = value;
          }
          replica.process = launch();
          await waitForHttp(`${replica.url}/healthz`, {
            timeoutMs: 90_000,
            process: replica.process,
          });
        },
      };
      replicas.push(replica);
    }
    await Promise.all(
      replicas.map((replica) =>
        waitForHttp(`${replica.url}/readyz`, { timeoutMs: 90_000, process: replica.process }),
      ),
    );
    const upstreams: Record<string, string[]> = {};
    for (const replica of replicas) {
      const upstream = ROUTED[replica.service];
      if (upstream) (upstreams[upstream] ??= []).push(replica.url.replace('http://', ''));
    }
    gateway = await startGateway({ port: gatewayPort, upstreams });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    internalToken,
    encryptionKey,
    replicas,
    gateway,
    cli: (args, env = {}) => runCli(args, { ...stores, ...env }, options.onLine),
    service: (service) => replicas.find((replica) => replica.service === service)!,
    stop,
  };
}
