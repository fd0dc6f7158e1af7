import { envSection } from '../env-section';
import { flag, urlWithScheme } from '../env-fields';
import { documented, type VariableDoc } from '../variable-doc';

const DATABASE_URL_DOC: VariableDoc = {
  description: 'PostgreSQL connection URL (`postgres://user:password@host:5432/db`).',
};
const NAMED_STATEMENTS_DOC: VariableDoc = {
  description:
    "Whether the token paths' statements are sent as named prepared statements, parsed once per connection. Turn off behind a pooler in transaction mode that does not keep them (PgBouncer before 1.21, or without `max_prepared_statements`).",
};
const REDIS_URL_DOC: VariableDoc = {
  description:
    'Redis URL for short-lived flow state and rate-limit counters (`redis://` or `rediss://`).',
};

// The servers of the distributed shape (Kafka: kafka.section.ts). The all-in-one uses none of them.

export interface PostgresConfig {
  url: string;
  /** Named prepared statements on the token paths (`PreparedStatement`); off behind a pooler that drops them. */
  namedStatements: boolean;
}

export const postgresSection = envSection(
  {
    DATABASE_URL: documented(urlWithScheme(['postgres', 'postgresql']), DATABASE_URL_DOC),
    GATEHOUSE_DATABASE_NAMED_STATEMENTS: documented(flag.default(true), NAMED_STATEMENTS_DOC),
  },
  (env): PostgresConfig => ({
    url: env.DATABASE_URL,
    namedStatements: env.GATEHOUSE_DATABASE_NAMED_STATEMENTS,
  }),
);

export interface RedisConfig {
  url: string;
}

export const redisSection = envSection(
  { REDIS_URL: documented(urlWithScheme(['redis', 'rediss']), REDIS_URL_DOC) },
  (env): RedisConfig => ({ url: env.REDIS_URL }),
);
