export { type SeedDocument } from './seed-schema';
export { loadSeedFile } from './load-seed-file';
export { createSeedDeps } from './seed-deps';
export { applySeed } from './apply-seed';
