import { Injectable } from '@nestjs/common';
import { entityManagerOf, type Transaction } from '@gatehouse/identity';
import { DataSource } from 'typeorm';
import { type NewPasskey, type PasskeyRecord, PasskeyStore } from '../ports/passkey.store';

interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  sign_count: string;
  transports: string[];
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

const COLUMNS = `id, user_id, credential_id, public_key, sign_count, transports, name, created_at, last_used_at`;

const passkeyOf = (row: PasskeyRow): PasskeyRecord => ({
  id: row.id,
  userId: row.user_id,
  credentialId: row.credential_id,
  publicKey: row.public_key,
  signCount: Number(row.sign_count),
  transports: row.transports,
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

/** The rows a statement changed or returned (TypeORM answers an UPDATE or DELETE with `[rows, count]`). */
function rowsOf(result: unknown): PasskeyRow[] {
  if (!Array.isArray(result)) return [];
  if (result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number')
    return result[0] as PasskeyRow[];
  return result as PasskeyRow[];
}

@Injectable()
export class SqlPasskeyStore extends PasskeyStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async listOf(userId: string): Promise<PasskeyRecord[]> {
    const rows = (await this.dataSource.query(
      `SELECT ${COLUMNS} FROM passkeys WHERE user_id = $1 ORDER BY created_at, id`,
      [userId],
    )) as PasskeyRow[];
    return rows.map(passkeyOf);
  }

  async findByCredentialId(credentialId: string): Promise<PasskeyRecord | null> {
    const [row] = (await this.dataSource.query(
      `SELECT ${COLUMNS} FROM passkeys WHERE credential_id = $1`,
      [credentialId],
    )) as PasskeyRow[];
    return row ? passkeyOf(row) : null;
  }

  async add(passkey: NewPasskey): Promise<boolean> {
    const rows = rowsOf(
      await this.dataSource.query(
        `INSERT INTO passkeys (id, user_id, credential_id, public_key, sign_count, transports, name)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (credential_id) DO NOTHING RETURNING id`,
        [
          passkey.id,
          passkey.userId,
          passkey.credentialId,
          passkey.publicKey,
          passkey.signCount,
          JSON.stringify(passkey.transports),
          passkey.name,
        ],
      ),
    );
    return rows.length === 1;
  }

  async rename(userId: string, id: string, name: string): Promise<PasskeyRecord | null> {
    const [row] = rowsOf(
      await this.dataSource.query(
        `UPDATE passkeys SET name = $3 WHERE user_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
        [userId, id, name],
      ),
    );
    return row ? passkeyOf(row) : null;
  }

  async remove(userId: string, id: string): Promise<boolean> {
    const rows = rowsOf(
      await this.dataSource.query(
        `DELETE FROM passkeys WHERE user_id = $1 AND id = $2 RETURNING id`,
        [userId, id],
      ),
    );
    return rows.length === 1;
  }

  async used(id: string, previousCount: number, newCount: number, at: Date): Promise<boolean> {
    const rows = rowsOf(
      await this.dataSource.query(
        `UPDATE passkeys SET sign_count = $3, last_used_at = $4
          WHERE id = $1 AND sign_count = $2 RETURNING id`,
        [id, previousCount, newCount, at],
      ),
    );
    return rows.length === 1;
  }

  async removeAll(tx: Transaction, userId: string): Promise<number> {
    const rows = rowsOf(
      await entityManagerOf(tx).query(`DELETE FROM passkeys WHERE user_id = $1 RETURNING id`, [
        userId,
      ]),
    );
    return rows.length;
  }
}
