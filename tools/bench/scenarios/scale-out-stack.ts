import {
  claimTestRedis,
  createScratchDatabase,
  findFreePort,
  releaseTestRedis,
  RunningGateway,
  RunningStack,
  startGateway,
  startStack,
  StackReplica,
} from '@gatehouse/testing';
import { prepareGatehouseDatabase } from '../gatehouse/gatehouse-database';
import { withImageNodeOptions } from '../gatehouse/image-node-options';
import type { BenchEnvironment } from '../harness/bench-environment';

export interface ScaleOutStack {
  stack: RunningStack;
  /** The stack's own gateway, routing auth to both replicas. */
  bothUrl: string;
  /** A second gateway on the same services, routing auth to the first replica only. */
  oneUrl: string;
  oneGateway: RunningGateway;
  auth: [StackReplica, StackReplica];
  /** Reserves `count` visitors of the stack's own database. */
  reserveVisitors(count: number): number;
  stop(): Promise<void>;
}

/**
 * The distributed shape with two auth replicas behind the nginx gateway (startStack), on a scratch
 * database, a claimed Redis database and the run's Kafka broker, its database prepared as the
 * bench's (bench seed, `visitors` accounts sharing the run's scrypt hash) once the services run:
 * the seed is written with the stack's own encryption key. A second gateway on the same processes
 * routes auth to one replica, so both contenders pay the same hop. The broker is shared with the
 * bench's own Gatehouse, whose consumers then share groups with the stack's: nothing this scenario
 * measures waits on an event (a revocation is refused through Redis before its event is consumed).
 */
export async function startScaleOutStack(
  env: BenchEnvironment,
  visitors: number,
): Promise<ScaleOutStack> {
  const [database, redis] = await Promise.all([
    createScratchDatabase({ prefix: 'gatehouse_bench_stack', onServerOf: env.infra.database.url }),
    claimTestRedis(env.infra.redis.url),
  ]);
  const stoppers: Array<() => Promise<unknown>> = [
    () => Promise.allSettled([database.drop(), releaseTestRedis(redis)]),
  ];
  // Idempotent: the scenario stops the stack before its delivery half, and again in `finally`.
  const stop = async () => {
    for (const stopper of stoppers.splice(0).reverse())
      await stopper().catch((error: unknown) => env.log(`scale-out teardown: ${String(error)}`));
  };
  try {
    const stack = await startStack({
      databaseUrl: database.url,
      redisUrl: redis.url,
      kafkaBrokers: env.infra.kafka.brokers,
      replicas: { auth: 2 },
      seed: null,
      env: { LOG_LEVEL: 'warn', NODE_OPTIONS: withImageNodeOptions() },
    });
    stoppers.push(() => stack.stop());
    await prepareGatehouseDatabase(database.url, stack.encryptionKey, visitors, env.passwordHash);
    const auth = stack.replicas.filter((replica) => replica.service === 'auth') as [
      StackReplica,
      StackReplica,
    ];
    const host = (replica: StackReplica) => replica.url.replace('http://', '');
    const oneGateway = await startGateway({
      port: await findFreePort(),
      upstreams: {
        auth: [host(auth[0])],
        token_exchange: [host(stack.service('token-exchange'))],
        webhook_management: [host(stack.service('webhook-management'))],
      },
    });
    stoppers.push(() => oneGateway.stop());
    let nextVisitor = 1;
    const reserveVisitors = (count: number) => {
      if (nextVisitor + count - 1 > visitors)
        throw new Error(`out of the stack's visitor accounts (${visitors})`);
      const first = nextVisitor;
      nextVisitor += count;
      return first;
    };
    return {
      stack,
      bothUrl: stack.url,
      oneUrl: oneGateway.url,
      oneGateway,
      auth,
      reserveVisitors,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
