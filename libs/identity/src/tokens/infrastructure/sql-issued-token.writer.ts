import { Injectable } from '@nestjs/common';
import { PreparedStatement } from '@gatehouse/persistence';
import { entityManagerOf } from '../../transactions/infrastructure/typeorm-transaction';
import type { Transaction } from '../../transactions/ports/transaction';
import { IssuedTokenRows, IssuedTokenWriter } from '../ports/issued-token.writer';

/** Builds one statement of data-modifying CTEs, numbering the parameters as they are added. */
export class CteStatement {
  readonly params: unknown[] = [];
  readonly parts: string[] = [];

  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  values(row: unknown[]): string {
    return `(${row.map((value) => this.param(value)).join(', ')})`;
  }
}

/**
 * Adds an issuance to `sql`: the refresh token and the outbox rows as CTE parts; returns the access token's INSERT, which the caller makes the main statement or
 * one more part (a statement that also locks the audit head adds it as a part).
 */
export function addIssuedTokenParts(
  sql: CteStatement,
  { accessToken: a, refreshToken: r, events }: IssuedTokenRows,
): string {
  if (r) {
    sql.parts.push(`refresh AS (INSERT INTO refresh_tokens
      (id, token_hash, family_id, client_id, user_id, scopes, org_ids, auth_time, expires_at, used_at, revoked_at, created_at)
      VALUES ${sql.values([r.id, r.tokenHash, r.familyId, r.clientId, r.userId, r.scopes, r.orgIds, r.authTime, r.expiresAt, r.usedAt, r.revokedAt, r.createdAt])})`);
  }
  if (events.length > 0) {
    const rows = events.map((event) => ({
      topic: event.topic,
      key: event.key,
      value: event.value,
      headers: event.headers ?? {},
    }));
    sql.parts.push(`events AS (INSERT INTO outbox (topic, key, value, headers)
      SELECT topic, key, value, headers FROM json_to_recordset(${sql.param(JSON.stringify(rows))}::json)
        AS e(topic text, key text, value text, headers jsonb))`);
  }
  const access = sql.values([
    a.id,
    a.tokenHash,
    a.kind,
    a.userId,
    a.clientId,
    a.scopes,
    a.orgIds,
    a.boundOrgId,
    a.role,
    a.repo === null ? null : JSON.stringify(a.repo),
    a.refreshFamilyId,
    a.authTime,
    a.expiresAt,
    a.revokedAt,
    a.createdAt,
  ]);
  return `INSERT INTO access_tokens
    (id, token_hash, kind, user_id, client_id, scopes, org_ids, bound_org_id, role, repo, refresh_family_id, auth_time, expires_at, revoked_at, created_at)
    VALUES ${access}`;
}

/**
 * IssuedTokenWriter in one statement: the access token, the refresh token and the outbox rows as
 * data-modifying CTEs of a single INSERT, all in the caller's
 * transaction (an event exists if and only if its token does).
 */
@Injectable()
export class SqlIssuedTokenWriter extends IssuedTokenWriter {
  async write(tx: Transaction, rows: IssuedTokenRows): Promise<void> {
    const manager = entityManagerOf(tx);
    const sql = new CteStatement();
    const insertAccess = addIssuedTokenParts(sql, rows);
    await preparedIssuance(
      sql.parts.length > 0 ? `WITH ${sql.parts.join(',\n')}\n${insertAccess}` : insertAccess,
    ).run(manager, sql.params);
  }
}

/**
 * The issuance's statement of each shape: its text depends only on which parts it has (a refresh
 * token, events), never on their values, so there are a handful, each prepared once per connection.
 */
const issuances = new Map<string, PreparedStatement>();

function preparedIssuance(text: string): PreparedStatement {
  let statement = issuances.get(text);
  if (!statement) {
    statement = new PreparedStatement(text);
    issuances.set(text, statement);
  }
  return statement;
}
