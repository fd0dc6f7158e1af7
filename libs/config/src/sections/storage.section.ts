import { envSection } from '../env-section';
import { nonEmptyText } from '../env-fields';

export interface EmbeddedStorageConfig {
  /** PGlite files and generated secrets of the all-in-one. */
  dataDir: string;
  /** Seed file applied at start (idempotent); the all-in-one loads its demo seed when unset. */
  seedPath: string | undefined;
}

export const DEFAULT_DATA_DIR = './.gatehouse';

export const embeddedStorageSection = envSection(
  { GATEHOUSE_DATA_DIR: nonEmptyText.default(DEFAULT_DATA_DIR), GATEHOUSE_SEED: nonEmptyText.optional() },
  (env): EmbeddedStorageConfig => ({ dataDir: env.GATEHOUSE_DATA_DIR, seedPath: env.GATEHOUSE_SEED }),
);
