import { DynamicModule, Module } from '@nestjs/common';
import {
  closeDataSource,
  createDataSource,
  DatabaseTarget,
  type MigrationProgress,
  runMigrations,
} from '@gatehouse/persistence';
import { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { ReadinessRegistry } from '../health/readiness-registry';
import { ReadinessModule } from '../health/readiness.module';
import { LOGGER } from '../logging/logger.token';
import { InfrastructureLifecycle } from './infrastructure-lifecycle';

export type DatabaseModuleOptions = DatabaseTarget & {
  /**
   * Apply pending migrations at start. Only the all-in-one does: migrations are otherwise their
   * own step, and workers never migrate.
   */
  runMigrations?: boolean;
  /** Told of each migration applied at start (the all-in-one's progress line). */
  onMigrated?: (progress: MigrationProgress) => void;
};

/** The process's TypeORM `DataSource`, also under this token for `@Inject(DATA_SOURCE)`. */
export const DATA_SOURCE = Symbol('gatehouse.dataSource');

const DATABASE_LIFECYCLE = Symbol('gatehouse.databaseLifecycle');

/**
 * One `DataSource` (PostgreSQL, or PGlite for the all-in-one) for the whole process, injectable as
 * the `DataSource` class or `DATA_SOURCE`. Registers the `postgres` readiness check (`SELECT 1`)
 * and closes the pool (and PGlite's files) on shutdown.
 */
@Module({})
export class DatabaseModule {
  static forRoot(options: DatabaseModuleOptions): DynamicModule {
    const { runMigrations: migrate = false, onMigrated, ...target } = options;
    return {
      module: DatabaseModule,
      global: true,
      imports: [ReadinessModule],
      providers: [
        {
          provide: DataSource,
          useFactory: async (logger?: Logger) => {
            const dataSource = await createDataSource(target as DatabaseTarget);
            if (migrate) {
              try {
                const applied = await runMigrations(dataSource, { onMigrated });
                logger?.info(
                  { migrations: applied },
                  applied.length > 0 ? 'migrations applied' : 'schema is current',
                );
              } catch (error) {
                await closeDataSource(dataSource);
                throw error;
              }
            }
            return dataSource;
          },
          inject: [{ token: LOGGER, optional: true }],
        },
        { provide: DATA_SOURCE, useExisting: DataSource },
        {
          provide: DATABASE_LIFECYCLE,
          useFactory: (registry: ReadinessRegistry, dataSource: DataSource) =>
            new InfrastructureLifecycle(
              registry,
              [{ name: 'postgres', check: async () => void (await dataSource.query('SELECT 1')) }],
              () => closeDataSource(dataSource),
            ),
          inject: [ReadinessRegistry, DataSource],
        },
      ],
      exports: [DataSource, DATA_SOURCE],
    };
  }
}
