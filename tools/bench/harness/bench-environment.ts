import { hashPassword } from '@gatehouse/crypto';
import {
  startTestRunInfrastructure,
  stopTestRunInfrastructure,
  TestRunInfrastructure,
} from '@gatehouse/testing';
import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { BENCH_CLIENT, VISITOR_PASSWORD, VISITOR_PREFIX } from '../gatehouse/bench-accounts';
import { prepareGatehouseDatabase } from '../gatehouse/gatehouse-database';
import {
  RunningGatehouse,
  ServiceNodeArgs,
  startGatehouseServices,
} from '../gatehouse/gatehouse-services';
import { PeerAccount, peerAccountKey } from '../peers/peer-records';
import type { OidcPeerStorage } from '../peers/oidc-provider-server';
import { OIDC_MEMORY_PROCESS, RunningPeer, startOidcProviderPeer } from '../peers/peer-processes';
import { BenchSettings } from './bench-settings';
import { LoadGenerator } from './load-generator';
import { rssMiB } from './process-meter';
import { findStoreServers, StoreServers } from './server-processes';

/** Everything the scenarios share: the stores, Gatehouse, its peer, the load generator. */
export interface BenchEnvironment {
  settings: BenchSettings;
  infra: TestRunInfrastructure;
  encryptionKey: string;
  internalToken: string;
  /** The stored scrypt hash every visitor shares (Gatehouse's default cost). */
  passwordHash: string;
  load: LoadGenerator;
  gatehouse: RunningGatehouse;
  /** oidc-provider with its records on the run's Redis, as Gatehouse keeps its flow state. */
  oidcProvider: RunningPeer;
  /** oidc-provider on its default in-memory adapter, the same accounts kept in the process. */
  oidcProviderMemory: RunningPeer;
  /** RSS of each long-running process a few seconds after it was ready, before any load, in MiB. */
  idleRssMiB: Record<string, number>;
  /** Key prefix of the run's Redis database for the peers' records. */
  redisPrefix: string;
  /** The PostgreSQL and Redis servers the run's stores live on, for the meters. */
  servers: StoreServers;
  /** Reserves `count` visitors never signed in before; returns the first one's number. */
  reserveVisitors(count: number): number;
  log(line: string): void;
}

/** Visitors per second of run a sign-in trial may use up: well above the hash-bound rate of two cores (about 20/s). */
export const VISITORS_PER_SECOND = 60;

/** Accounts for every sign-in run: runs at high concurrency last longer (sign-in-spike.ts runLength), so room for 4× the nominal length. */
function visitorCount(settings: BenchSettings): number {
  const runs = settings.signInConcurrency.length * settings.rounds * 2;
  return (
    Math.ceil(runs * 4 * (settings.rampSeconds + settings.seconds + 1) * VISITORS_PER_SECOND) + 2000
  );
}

async function storePeerAccounts(
  redisUrl: string,
  prefix: string,
  visitors: number,
  passwordHash: string,
): Promise<void> {
  const redis = new Redis(redisUrl);
  try {
    for (let first = 1; first <= visitors; first += 1000) {
      const batch = redis.pipeline();
      for (let n = first; n < Math.min(first + 1000, visitors + 1); n += 1) {
        const login = `${VISITOR_PREFIX}${n}`;
        batch.set(
          peerAccountKey(prefix, login),
          JSON.stringify({ sub: login, name: `Visitor ${n}`, passwordHash } satisfies PeerAccount),
        );
      }
      await batch.exec();
    }
  } finally {
    redis.disconnect();
  }
}

/** `nodeArgs`: extra node options per Gatehouse service (`--cpu-prof` when profiling one). */
export async function startBenchEnvironment(
  settings: BenchSettings,
  log: (line: string) => void,
  nodeArgs: ServiceNodeArgs = {},
): Promise<BenchEnvironment & { stop(): Promise<void> }> {
  const infra = await startTestRunInfrastructure();
  const stoppers: Array<() => Promise<void>> = [() => stopTestRunInfrastructure(infra)];
  const stop = async () => {
    for (const stopper of stoppers.reverse())
      await stopper().catch((error: unknown) => log(`teardown: ${String(error)}`));
  };
  try {
    const encryptionKey = randomBytes(32).toString('base64');
    const internalToken = randomBytes(32).toString('base64url');
    const passwordHash = await hashPassword(VISITOR_PASSWORD);
    const visitors = visitorCount(settings);
    const redisPrefix = `${infra.redis.prefix}bench:`;
    await prepareGatehouseDatabase(infra.database.url, encryptionKey, visitors, passwordHash);
    await storePeerAccounts(infra.redis.url, `${redisPrefix}oidc:`, visitors, passwordHash);
    log(
      `${visitors} visitor accounts on each side, sharing one scrypt hash (${passwordHash.split('$').slice(0, 4).join('$')}$…)`,
    );
    const servers = await findStoreServers(infra.database.url, infra.redis.url);
    const load = await LoadGenerator.start();
    stoppers.push(() => load.stop());
    const gatehouse = await startGatehouseServices(
      {
        databaseUrl: infra.database.url,
        redisUrl: infra.redis.url,
        kafkaBrokers: infra.kafka.brokers,
        encryptionKey,
        internalToken,
      },
      nodeArgs,
    );
    stoppers.push(() => gatehouse.stop());
    const peer = (storage: OidcPeerStorage) =>
      startOidcProviderPeer({
        redisUrl: infra.redis.url,
        prefix: `${redisPrefix}oidc:`,
        clientId: BENCH_CLIENT.clientId,
        redirectUri: BENCH_CLIENT.redirectUri,
        storage,
      });
    const oidcProvider = await peer('redis');
    stoppers.push(async () => void (await oidcProvider.process.stop()));
    const oidcProviderMemory = await peer('memory');
    stoppers.push(async () => void (await oidcProviderMemory.process.stop()));
    await new Promise((settle) => setTimeout(settle, 3000));
    const idleRssMiB = {
      auth: rssMiB(gatehouse.auth.child.pid!),
      'token-exchange': rssMiB(gatehouse.tokenExchange.child.pid!),
      'oidc-provider': rssMiB(oidcProvider.process.child.pid!),
      [OIDC_MEMORY_PROCESS]: rssMiB(oidcProviderMemory.process.child.pid!),
    };
    let nextVisitor = 1;
    const reserveVisitors = (count: number) => {
      if (nextVisitor + count - 1 > visitors)
        throw new Error(`out of visitor accounts (${visitors}); raise visitorCount`);
      const first = nextVisitor;
      nextVisitor += count;
      return first;
    };
    return {
      settings,
      infra,
      encryptionKey,
      internalToken,
      passwordHash,
      load,
      gatehouse,
      oidcProvider,
      oidcProviderMemory,
      idleRssMiB,
      redisPrefix,
      servers,
      reserveVisitors,
      log,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
