import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A hand-written migration: plain SQL statements run in order. The same SQL must run on
 * PostgreSQL 15+ and on PGlite, so it uses no extension (ids are generated in code).
 */
export abstract class SqlMigration implements MigrationInterface {
  abstract readonly name: string;
  protected abstract readonly upStatements: readonly string[];
  protected abstract readonly downStatements: readonly string[];

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of this.upStatements) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of this.downStatements) await queryRunner.query(statement);
  }
}
