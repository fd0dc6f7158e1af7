// @gatehouse/persistence/postgres-driver-only: imported by every main file right after tracing,
// before anything loads TypeORM.
//
// TypeORM's DriverFactory requires all nineteen of its drivers when it loads (MySQL, Oracle, SQL
// Server, SAP HANA, Spanner, MongoDB, the SQLite family...) so that `create` can pick one. Gatehouse
// only runs on PostgreSQL (PGlite too, through its socket bridge): the other drivers were about
// 45 files, 1.2 MB of source and 2 MiB of live heap in every process (docs/benchmarks.md, "What
// limits it"). This puts a factory that knows PostgreSQL alone in Node's module cache under
// DriverFactory's own path, so TypeORM's DataSource finds it there; the driver it creates and
// everything else are TypeORM's own. Where the cache is not Node's (Jest's module registry), this
// changes nothing and TypeORM's factory is used.
import { Module } from 'node:module';
import type { DataSource } from 'typeorm';
import type { Driver } from 'typeorm/driver/Driver';
// Neither module loads TypeORM's DataSource, and so its DriverFactory (tools/images/typeorm-drivers.spec.ts checks).
import { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { MissingDriverError } from 'typeorm/error/MissingDriverError';

const DRIVER_FACTORY = require.resolve('typeorm/driver/DriverFactory');

/** Creates the PostgreSQL driver for a data source of type `postgres`; any other type is refused as TypeORM refuses one it does not know. */
class PostgresDriverFactory {
  create(connection: DataSource): Driver {
    const { type } = connection.options;
    if (type !== 'postgres') throw new MissingDriverError(type, ['postgres']);
    return new PostgresDriver(connection);
  }
}

if (!require.cache[DRIVER_FACTORY]) {
  const standIn = new Module(DRIVER_FACTORY, module);
  standIn.filename = DRIVER_FACTORY;
  standIn.loaded = true;
  standIn.exports = { DriverFactory: PostgresDriverFactory };
  require.cache[DRIVER_FACTORY] = standIn;
}
