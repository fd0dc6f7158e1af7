import { DataSource } from 'typeorm';
import { ALL_ENTITIES } from '../entities/all-entities';
import { ALL_MIGRATIONS } from '../migrations/all-migrations';
import { startPgliteBridge } from './pglite-socket-bridge';

export type DatabaseTarget =
  | {
      type: 'postgres';
      url: string;
      poolSize?: number;
      /** `application_name` of its connections, so an operator tells the services apart in pg_stat_activity. Default `gatehouse`. */
      applicationName?: string;
      /**
       * Whether `PreparedStatement`s are sent named (parsed once per connection); default true.
       * False behind a pooler in transaction mode that does not carry them between server connections.
       */
      namedStatements?: boolean;
    }
  | { type: 'pglite'; dataDir: string };

export interface DataSourceExtras {
  logging?: boolean;
}

interface Registration {
  target: DatabaseTarget['type'];
  namedStatements: boolean;
  release(): Promise<void>;
}

const PGLITE_CONNECTION_WAIT_MS = 30_000;

const registry = new WeakMap<DataSource, Registration>();

/** Migrations are a separate step: the schema is never synchronized from the entities. */
const COMMON = {
  type: 'postgres' as const,
  entities: ALL_ENTITIES,
  migrations: ALL_MIGRATIONS,
  migrationsTableName: 'migrations',
  synchronize: false,
  migrationsRun: false,
  applicationName: 'gatehouse',
};

/** Creates and initializes a data source on PostgreSQL or on PGlite files under `dataDir`. */
export async function createDataSource(
  target: DatabaseTarget,
  extras: DataSourceExtras = {},
): Promise<DataSource> {
  const logging = extras.logging ?? false;
  if (target.type === 'postgres') {
    const ds = new DataSource({
      ...COMMON,
      url: target.url,
      poolSize: target.poolSize ?? 10,
      logging,
      applicationName: target.applicationName ?? COMMON.applicationName,
    });
    await ds.initialize();
    registry.set(ds, {
      target: 'postgres',
      namedStatements: target.namedStatements ?? true,
      release: async () => undefined,
    });
    return ds;
  }

  const bridge = await startPgliteBridge(target.dataDir);
  const ds = new DataSource({
    ...COMMON,
    host: bridge.socketDir,
    port: bridge.port,
    username: 'postgres',
    database: 'postgres',
    logging,
    // One connection (see startPgliteBridge), never closed while idle so no one else takes the
    // slot. Code that opens a second connection inside a transaction (using the data source
    // instead of the transaction's manager) would wait forever: the timeout turns that into an error.
    extra: { max: 1, idleTimeoutMillis: 0, connectionTimeoutMillis: PGLITE_CONNECTION_WAIT_MS },
  });
  try {
    await ds.initialize();
  } catch (error) {
    await bridge.stop();
    throw error;
  }
  registry.set(ds, { target: 'pglite', namedStatements: false, release: () => bridge.stop() });
  return ds;
}

/** Which kind of database a data source from `createDataSource` runs on. */
export function databaseTypeOf(ds: DataSource): DatabaseTarget['type'] | undefined {
  return registry.get(ds)?.target;
}

/**
 * Whether statements may be sent to this data source as named prepared statements: PostgreSQL
 * unless its target turned them off; never on PGlite (one connection through a socket bridge).
 */
export function namedStatementsOn(ds: DataSource): boolean {
  return registry.get(ds)?.namedStatements ?? false;
}

/** Closes the pool and, for PGlite, the socket bridge and the database files. */
export async function closeDataSource(ds: DataSource): Promise<void> {
  const registration = registry.get(ds);
  registry.delete(ds);
  if (ds.isInitialized) await ds.destroy();
  await registration?.release();
}
