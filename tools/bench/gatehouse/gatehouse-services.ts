import { findFreePort, NodeProcess, startNodeProcess, waitForHttp } from '@gatehouse/testing';
import { IMAGE_MALLOC_ENVIRONMENT, withImageNodeOptions } from './image-node-options';

export interface GatehouseStores {
  databaseUrl: string;
  redisUrl: string;
  kafkaBrokers: string;
  encryptionKey: string;
  internalToken: string;
}

/** One service of the distributed shape running from dist/. */
export interface StartedService {
  url: string;
  process: NodeProcess;
}

export interface RunningGatehouse {
  /** auth's own address: the issuer, and where every flow of the benchmark goes. */
  url: string;
  auth: NodeProcess;
  tokenExchange: NodeProcess;
  /** token-exchange's own address (`/internal/authorize`, the access policy). */
  tokenExchangeUrl: string;
  stop(): Promise<void>;
}

/** Extra node options per service (`--cpu-prof` when profiling one). */
export interface ServiceNodeArgs {
  auth?: string[];
  tokenExchange?: string[];
}

/**
 * `auth` and `token-exchange` of the distributed shape, built from dist/, as their own processes
 * on the given stores (the database already migrated and seeded). Flows go to auth directly: the
 * gateway would add a hop that oidc-provider does not have.
 */
export async function startGatehouseServices(
  stores: GatehouseStores,
  nodeArgs: ServiceNodeArgs = {},
): Promise<RunningGatehouse> {
  const ports = { auth: await findFreePort(), exchange: await findFreePort() };
  const url = `http://127.0.0.1:${ports.auth}`;
  const tokenExchangeUrl = `http://127.0.0.1:${ports.exchange}`;
  const env = {
    ...serviceEnvironment(stores, url),
    GATEHOUSE_TOKEN_EXCHANGE_URL: tokenExchangeUrl,
  };
  const tokenExchange = startNodeProcess('dist/apps/token-exchange/src/main.js', {
    env: { ...env, PORT: String(ports.exchange) },
    nodeArgs: nodeArgs.tokenExchange,
  });
  const auth = startNodeProcess('dist/apps/auth/src/main.js', {
    env: { ...env, PORT: String(ports.auth) },
    nodeArgs: nodeArgs.auth,
  });
  const stop = async () => {
    await Promise.all([auth.stop(), tokenExchange.stop()]);
  };
  try {
    await waitForHttp(`${tokenExchangeUrl}/readyz`, {
      timeoutMs: 90_000,
      process: tokenExchange,
    });
    await waitForHttp(`${url}/readyz`, { timeoutMs: 90_000, process: auth });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, auth, tokenExchange, tokenExchangeUrl, stop };
}

/** What every service of the bench is started with: its stores and secrets, and the image's NODE_OPTIONS and malloc settings. */
export function serviceEnvironment(
  stores: GatehouseStores,
  publicUrl: string,
): Record<string, string> {
  return {
    DATABASE_URL: stores.databaseUrl,
    REDIS_URL: stores.redisUrl,
    KAFKA_BROKERS: stores.kafkaBrokers,
    GATEHOUSE_ENCRYPTION_KEY: stores.encryptionKey,
    GATEHOUSE_INTERNAL_TOKEN: stores.internalToken,
    GATEHOUSE_PUBLIC_URL: publicUrl,
    GATEHOUSE_SHUTDOWN_GRACE_MS: '2000',
    LOG_LEVEL: 'warn',
    NODE_OPTIONS: withImageNodeOptions(),
    ...IMAGE_MALLOC_ENVIRONMENT,
  };
}

/** `webhook-management` built from dist/, on the given stores, once it answers /readyz. */
export async function startWebhookManagement(
  stores: GatehouseStores,
  publicUrl: string,
): Promise<StartedService> {
  const port = await findFreePort();
  const service = startNodeProcess('dist/apps/webhook-management/src/main.js', {
    env: { ...serviceEnvironment(stores, publicUrl), PORT: String(port) },
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/readyz`, { timeoutMs: 90_000, process: service });
  } catch (error) {
    await service.stop();
    throw error;
  }
  return { url, process: service };
}
