import { envSection } from '../env-section';
import { positiveInteger } from '../env-fields';
import { documented } from '../variable-doc';

/** The principals of bearer tokens a process keeps in memory (docs/architecture.md "Principal cache"). */
export interface PrincipalCacheConfig {
  inProcess: { maxEntries: number; ttlMs: number };
}

export const principalCacheSection = envSection(
  {
    GATEHOUSE_PRINCIPAL_MEMORY_ENTRIES: documented(
      positiveInteger({ allowZero: true }).default(10_000),
      {
        description:
          'Most bearer-token principals a process keeps in memory, in front of the principal cache in Redis (least recently used first out); 0 asks Redis on every check.',
      },
    ),
    GATEHOUSE_PRINCIPAL_MEMORY_TTL_MS: documented(
      positiveInteger({ allowZero: true }).default(1_000),
      {
        description:
          'Longest a process answers a bearer check from memory. Every revocation drops the entry in every process within milliseconds; this bounds a revocation whose notice was lost (a Redis connection down). 0 turns memory off.',
      },
    ),
  },
  (env): PrincipalCacheConfig => ({
    inProcess: {
      maxEntries: env.GATEHOUSE_PRINCIPAL_MEMORY_ENTRIES,
      ttlMs: env.GATEHOUSE_PRINCIPAL_MEMORY_TTL_MS,
    },
  }),
);
