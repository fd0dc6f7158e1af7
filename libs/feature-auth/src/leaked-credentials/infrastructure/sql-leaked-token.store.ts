import { Injectable } from '@nestjs/common';
import { entityManagerOf, type Transaction } from '@gatehouse/identity';
import { DataSource } from 'typeorm';
import type { LeakedTokenKind, LiveLeakedToken } from '../ports/leaked-token-records';
import { LeakedTokenStore } from '../ports/leaked-token.store';

interface LiveTokenRow {
  kind: LeakedTokenKind;
  id: string;
  token_hash: string;
  user_id: string | null;
  name: string | null;
  client_id: string | null;
  family_id: string | null;
}

// Each branch reads its table's unique token_hash index; the hashes parameter takes the column's
// type (character(64)[]), so the index applies. An app's name is read as the notice will show it.
const FIND_LIVE = `
SELECT 'personal' AS kind, p.id, p.token_hash, p.user_id, p.name, NULL AS client_id, NULL AS family_id
  FROM personal_access_tokens p
 WHERE p.token_hash = ANY($1) AND p.revoked_at IS NULL
UNION ALL
SELECT 'access', t.id, t.token_hash, t.user_id, a.name, t.client_id, NULL
  FROM access_tokens t LEFT JOIN oauth_apps a ON a.client_id = t.client_id
 WHERE t.token_hash = ANY($1) AND t.revoked_at IS NULL AND t.expires_at > $2
UNION ALL
SELECT 'refresh', r.id, r.token_hash, r.user_id, a.name, r.client_id, r.family_id
  FROM refresh_tokens r LEFT JOIN oauth_apps a ON a.client_id = r.client_id
 WHERE r.token_hash = ANY($1) AND r.revoked_at IS NULL AND r.expires_at > $2`;

const ORDER: Record<LeakedTokenKind, number> = { personal: 0, access: 1, refresh: 2 };

@Injectable()
export class SqlLeakedTokenStore extends LeakedTokenStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async findLive(tokenHashes: readonly string[], now: Date): Promise<LiveLeakedToken[]> {
    if (tokenHashes.length === 0) return [];
    const rows: LiveTokenRow[] = await this.dataSource.query(FIND_LIVE, [[...tokenHashes], now]);
    return rows
      .map((row): LiveLeakedToken => ({
        kind: row.kind,
        id: row.id,
        tokenHash: row.token_hash,
        userId: row.user_id,
        name: row.name,
        clientId: row.client_id,
        familyId: row.family_id,
      }))
      .sort((a, b) => ORDER[a.kind] - ORDER[b.kind] || a.id.localeCompare(b.id));
  }

  async revokePersonalToken(tx: Transaction, id: string, at: Date): Promise<boolean> {
    // Concurrent revocations wait for each other on the row; only the first finds it unrevoked.
    // Wrapped in a SELECT: TypeORM answers a bare UPDATE with [rows, count], a SELECT with rows.
    const rows: Array<{ id: string }> = await entityManagerOf(tx).query(
      `WITH revoked AS (
         UPDATE personal_access_tokens SET revoked_at = $2
          WHERE id = $1 AND revoked_at IS NULL
         RETURNING id
       )
       SELECT id FROM revoked`,
      [id, at],
    );
    return rows.length > 0;
  }
}
