import { envSection } from '../env-section';
import { nonEmptyText } from '../env-fields';
import { documented, type VariableDoc } from '../variable-doc';

const GATEHOUSE_DATA_DIR_DOC: VariableDoc = {
  description: 'All-in-one storage: PGlite files and generated secrets.',
  shownDefault: '`./.gatehouse`',
};
const GATEHOUSE_SEED_DOC: VariableDoc = {
  description:
    'Path of a seed file the all-in-one applies at start (applying it twice changes nothing).',
  shownDefault: 'the demo seed',
};

export interface EmbeddedStorageConfig {
  /** PGlite files and generated secrets of the all-in-one. */
  dataDir: string;
  /** Seed file applied at start (idempotent); the all-in-one loads its demo seed when unset. */
  seedPath: string | undefined;
}

const DEFAULT_DATA_DIR = './.gatehouse';

export const embeddedStorageSection = envSection(
  {
    GATEHOUSE_DATA_DIR: documented(nonEmptyText.default(DEFAULT_DATA_DIR), GATEHOUSE_DATA_DIR_DOC),
    GATEHOUSE_SEED: documented(nonEmptyText.optional(), GATEHOUSE_SEED_DOC),
  },
  (env): EmbeddedStorageConfig => ({
    dataDir: env.GATEHOUSE_DATA_DIR,
    seedPath: env.GATEHOUSE_SEED,
  }),
);
