import { hash } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { namedStatementsOn } from './create-data-source';

/** The part of node-postgres's pool and client a named statement needs. */
interface PgQueryable {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/**
 * A statement run on every request of a hot path (a refresh rotation, an issuance, authorize's
 * read), sent to PostgreSQL as a named prepared statement: each pooled connection parses it on
 * first use only, then gets just its parameters (Bind and Execute), and PostgreSQL may keep its
 * plan after five executions. The name is a
 * digest of the text, so one text is one name on every connection and two texts never share one.
 *
 * On PGlite (the all-in-one's single connection through its socket bridge), and where the
 * target turned named statements off (`GATEHOUSE_DATABASE_NAMED_STATEMENTS=false`, behind a pooler
 * in transaction mode that does not keep them: docs/operations.md "Sizing"), the statement is sent
 * as an unnamed one, as `query` does.
 */
export class PreparedStatement {
  readonly name: string;

  constructor(readonly text: string) {
    this.name = `gh_${hash('sha256', text, 'hex').slice(0, 24)}`;
  }

  /**
   * Runs the statement on the data source's pool, or on the connection of `on`'s transaction when
   * it has one, and answers its rows.
   */
  async run<Row>(on: DataSource | EntityManager, params: unknown[]): Promise<Row[]> {
    const dataSource = on instanceof DataSource ? on : on.connection;
    const queryRunner = on instanceof DataSource ? undefined : on.queryRunner;
    if (!namedStatementsOn(dataSource))
      return (queryRunner ?? dataSource).query(this.text, params) as Promise<Row[]>;
    const connection = queryRunner
      ? ((await queryRunner.connect()) as PgQueryable)
      : (dataSource.driver as unknown as { master: PgQueryable }).master;
    const result = await connection.query({ name: this.name, text: this.text, values: params });
    return result.rows as Row[];
  }
}
