import { DynamicModule } from '@nestjs/common';
import { DatabaseModule } from '../infrastructure/database.module';
import { FlowStateModule } from '../infrastructure/flow-state.module';
import { MessagingModule } from '../infrastructure/messaging.module';

/** The real servers a test service connects to (from the integration tier's environment). */
export interface InfrastructureUnderTest {
  databaseUrl: string;
  redisUrl: string;
  redisKeyPrefix?: string;
  /** Comma-separated `host:port` list. */
  kafkaBrokers: string;
}

export function infrastructureImports(infra: InfrastructureUnderTest): DynamicModule[] {
  return [
    DatabaseModule.forRoot({ type: 'postgres', url: infra.databaseUrl }),
    FlowStateModule.forRoot({
      type: 'redis',
      url: infra.redisUrl,
      keyPrefix: infra.redisKeyPrefix,
    }),
    MessagingModule.forRoot({
      type: 'kafka',
      brokers: infra.kafkaBrokers.split(','),
      clientId: 'platform-test',
    }),
  ];
}

/** The servers of this test run, failing loudly when the integration tier did not provide them. */
export function infrastructureFromEnvironment(
  env: Record<string, string | undefined>,
): InfrastructureUnderTest {
  const required = (name: string) => {
    const value = env[name];
    if (!value)
      throw new Error(
        `${name} is not set: run this suite in the integration tier (its global setup starts the servers)`,
      );
    return value;
  };
  return {
    databaseUrl: required('DATABASE_URL'),
    redisUrl: required('REDIS_URL'),
    redisKeyPrefix: env.GATEHOUSE_TEST_REDIS_PREFIX,
    kafkaBrokers: required('KAFKA_BROKERS'),
  };
}
