import { closeDataSource, createDataSource, runMigrations } from '@gatehouse/persistence';
import { DataSource } from 'typeorm';
import { createScratchDatabase, ScratchDatabase, ScratchDatabaseOptions } from './scratch-database';

export interface MigratedTestDatabase extends ScratchDatabase {
  /** Open on the database, every migration applied; `drop` closes it first. */
  dataSource: DataSource;
}

/** A scratch database with the schema migrated in, and a data source on it. */
export async function createMigratedTestDatabase(
  options: ScratchDatabaseOptions & { poolSize?: number } = {},
): Promise<MigratedTestDatabase> {
  const database = await createScratchDatabase(options);
  let dataSource: DataSource | undefined;
  try {
    dataSource = await createDataSource({
      type: 'postgres',
      url: database.url,
      poolSize: options.poolSize,
    });
    await runMigrations(dataSource);
  } catch (error) {
    if (dataSource) await closeDataSource(dataSource).catch(() => undefined);
    await database.drop();
    throw error;
  }
  const opened = dataSource;
  return {
    ...database,
    dataSource: opened,
    drop: async () => {
      await closeDataSource(opened);
      await database.drop();
    },
  };
}
