import { envSection } from '../env-section';
import { urlWithScheme } from '../env-fields';
import { documented, type VariableDoc } from '../variable-doc';

const DATABASE_URL_DOC: VariableDoc = {
  description: 'PostgreSQL connection URL (`postgres://user:password@host:5432/db`).',
};
const REDIS_URL_DOC: VariableDoc = {
  description:
    'Redis URL for short-lived flow state and rate-limit counters (`redis://` or `rediss://`).',
};

// The servers of the distributed shape (Kafka: kafka.section.ts). The all-in-one uses none of them.

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
