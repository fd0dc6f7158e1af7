import { envSection } from '../env-section';
import { brokerList, positiveInteger, urlWithScheme } from '../env-fields';
import { documented, type VariableDoc } from '../variable-doc';

const DATABASE_URL_DOC: VariableDoc = { description: 'PostgreSQL connection URL (`postgres://user:password@host:5432/db`).' };
const REDIS_URL_DOC: VariableDoc = { description: 'Redis URL for short-lived flow state and rate-limit counters (`redis://` or `rediss://`).' };
const KAFKA_BROKERS_DOC: VariableDoc = { description: 'Comma-separated Kafka bootstrap brokers, `host:port`.' };
const GATEHOUSE_CONSUMER_REJOIN_LIMIT_SECONDS_DOC: VariableDoc = {
  description:
    'How long a Kafka consumer of the process may be out of its group (restarting after a crash, rejoining) before `/readyz` answers 503. Services that work without Kafka (all but the delivery worker) count it only while the broker answers.',
};

// The three servers of the distributed shape. The all-in-one uses none of them.

export interface PostgresConfig {
  url: string;
}

export const postgresSection = envSection(
  { DATABASE_URL: documented(urlWithScheme(['postgres', 'postgresql']), DATABASE_URL_DOC) },
  (env): PostgresConfig => ({ url: env.DATABASE_URL }),
);

export interface RedisConfig {
  url: string;
}

export const redisSection = envSection(
  { REDIS_URL: documented(urlWithScheme(['redis', 'rediss']), REDIS_URL_DOC) },
  (env): RedisConfig => ({ url: env.REDIS_URL }),
);

export interface KafkaConfig {
  brokers: string[];
  /** How long a consumer may be out of its group before the process is not ready. */
  consumerRejoinLimitMs: number;
}

export const kafkaSection = envSection(
  {
    KAFKA_BROKERS: documented(brokerList, KAFKA_BROKERS_DOC),
    GATEHOUSE_CONSUMER_REJOIN_LIMIT_SECONDS: documented(positiveInteger().default(60), GATEHOUSE_CONSUMER_REJOIN_LIMIT_SECONDS_DOC),
  },
  (env): KafkaConfig => ({ brokers: env.KAFKA_BROKERS, consumerRejoinLimitMs: env.GATEHOUSE_CONSUMER_REJOIN_LIMIT_SECONDS * 1000 }),
);
