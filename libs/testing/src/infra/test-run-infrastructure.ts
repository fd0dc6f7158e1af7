import { RunningKafkaBroker, startKafkaBroker } from '../kafka/kafka-broker';
import { TestDatabase, createTestDatabase, dropTestDatabase } from './postgres';
import { TestRedis, claimTestRedis, releaseTestRedis } from './redis';

/** What one test run (one Jest invocation of the integration or e2e tier) was given. */
export interface TestRunInfrastructure {
  database: TestDatabase;
  redis: TestRedis;
  kafka: RunningKafkaBroker;
}

const log = (line: string) => process.stdout.write(`[gatehouse-test] ${line}\n`);

/**
 * Brings up the real servers of the integration and e2e tiers: a fresh PostgreSQL database, a
 * claimed Redis database and a Kafka broker of its own. Any missing one fails the run, naming it.
 */
export async function startTestRunInfrastructure(): Promise<TestRunInfrastructure> {
  const [database, redis, kafka] = await Promise.allSettled([
    createTestDatabase(),
    claimTestRedis(),
    startKafkaBroker(),
  ]);
  if (
    database.status === 'fulfilled' &&
    redis.status === 'fulfilled' &&
    kafka.status === 'fulfilled'
  ) {
    const infra = { database: database.value, redis: redis.value, kafka: kafka.value };
    log(
      `PostgreSQL ${infra.database.serverVersion} at ${infra.database.address}, database ${infra.database.name}`,
    );
    log(
      `Redis ${infra.redis.serverVersion} at ${infra.redis.address}, db ${infra.redis.db}, key prefix ${infra.redis.prefix}`,
    );
    log(
      `Kafka ${infra.kafka.version} (KRaft) at ${infra.kafka.brokers}, started in ${(infra.kafka.startupMs / 1000).toFixed(1)} s`,
    );
    return infra;
  }
  await stopTestRunInfrastructure({
    database: database.status === 'fulfilled' ? database.value : undefined,
    redis: redis.status === 'fulfilled' ? redis.value : undefined,
    kafka: kafka.status === 'fulfilled' ? kafka.value : undefined,
  });
  const reasons = [database, redis, kafka]
    .filter((result): result is PromiseRejectedResult => result.status === 'rejected')
    .map((result) => `- ${(result.reason as Error).message}`);
  throw new Error(`Test infrastructure is missing:\n${reasons.join('\n')}`);
}

/** Undoes startTestRunInfrastructure; every part is attempted even when another fails. */
export async function stopTestRunInfrastructure(
  infra: Partial<TestRunInfrastructure>,
): Promise<void> {
  const results = await Promise.allSettled([
    infra.kafka?.stop(),
    infra.database && dropTestDatabase(infra.database.name),
    infra.redis && releaseTestRedis(infra.redis),
  ]);
  const failures = results.filter(
    (result): result is PromiseRejectedResult => result.status === 'rejected',
  );
  if (failures.length > 0) {
    throw new Error(
      `Test infrastructure teardown failed:\n${failures.map((f) => `- ${(f.reason as Error).message}`).join('\n')}`,
    );
  }
}

/** Points the tests (and the processes they start) at this run's servers. */
export function exportTestRunEnvironment(infra: TestRunInfrastructure): void {
  process.env.DATABASE_URL = infra.database.url;
  process.env.REDIS_URL = infra.redis.url;
  process.env.GATEHOUSE_TEST_REDIS_PREFIX = infra.redis.prefix;
  process.env.KAFKA_BROKERS = infra.kafka.brokers;
}

/** This run's servers, as `exportTestRunEnvironment` left them for the test workers. */
export interface TestRunServers {
  databaseUrl: string;
  redisUrl: string;
  kafkaBrokers: string[];
}

export function testRunServers(): TestRunServers {
  const { DATABASE_URL, REDIS_URL, KAFKA_BROKERS } = process.env;
  if (!DATABASE_URL || !REDIS_URL || !KAFKA_BROKERS) {
    throw new Error('no test run servers: run this under the integration or e2e jest projects');
  }
  return { databaseUrl: DATABASE_URL, redisUrl: REDIS_URL, kafkaBrokers: KAFKA_BROKERS.split(',') };
}

/** Jest shares globalThis between globalSetup and globalTeardown (not with the test workers). */
const TEST_RUN_INFRASTRUCTURE = Symbol.for('gatehouse.testRunInfrastructure');
type InfrastructureStore = Record<symbol, TestRunInfrastructure | undefined>;

export function rememberTestRunInfrastructure(infra: TestRunInfrastructure | undefined): void {
  (globalThis as InfrastructureStore)[TEST_RUN_INFRASTRUCTURE] = infra;
}

export function rememberedTestRunInfrastructure(): TestRunInfrastructure | undefined {
  return (globalThis as InfrastructureStore)[TEST_RUN_INFRASTRUCTURE];
}
