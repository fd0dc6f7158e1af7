import { envSection } from '../env-section';
import { brokerList, urlWithScheme } from '../env-fields';

// The three servers of the distributed shape. The all-in-one uses none of them.

export interface PostgresConfig {
  url: string;
}

export const postgresSection = envSection(
  { DATABASE_URL: urlWithScheme(['postgres', 'postgresql']) },
  (env): PostgresConfig => ({ url: env.DATABASE_URL }),
);

export interface RedisConfig {
  url: string;
}

export const redisSection = envSection(
  { REDIS_URL: urlWithScheme(['redis', 'rediss']) },
  (env): RedisConfig => ({ url: env.REDIS_URL }),
);

export interface KafkaConfig {
  brokers: string[];
}

export const kafkaSection = envSection({ KAFKA_BROKERS: brokerList }, (env): KafkaConfig => ({ brokers: env.KAFKA_BROKERS }));
