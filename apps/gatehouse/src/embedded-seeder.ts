import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { SecretBox } from '@gatehouse/crypto';
import { applySeed, createSeedDeps, loadSeedFile, SeedDocument } from '@gatehouse/persistence';
import { LOGGER } from '@gatehouse/platform';
import { Logger } from 'pino';
import { DataSource } from 'typeorm';
import type { StartUpProgress } from './start-up-progress';

export const SEED_OPTIONS = Symbol('gatehouse.embeddedSeed');

export interface EmbeddedSeedOptions {
  path: string;
  encryptionKey: string;
  /** Told when the seed is being applied, for the terminal. */
  progress?: StartUpProgress;
}

/**
 * Applies the seed file once the schema is migrated and before the port opens, so the first
 * request already sees the demo accounts. Applying it again on every start changes nothing.
 */
@Injectable()
export class EmbeddedSeeder implements OnModuleInit {
  private document: SeedDocument | undefined;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(SEED_OPTIONS) private readonly options: EmbeddedSeedOptions,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onModuleInit(): Promise<void> {
    this.options.progress?.step(`Applying the seed file ${this.options.path}`);
    this.document = await loadSeedFile(this.options.path);
    const report = await applySeed(
      this.dataSource,
      this.document,
      createSeedDeps(SecretBox.fromKeyRing(this.options.encryptionKey)),
    );
    this.logger.info({ seed: this.options.path, report }, 'seed applied');
  }

  /** The seeded users and their passwords, for the start-up banner of a demo. */
  seededUsers(): { username: string; password: string }[] {
    return (this.document?.users ?? []).map(({ username, password }) => ({ username, password }));
  }
}
