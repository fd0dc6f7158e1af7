import { Injectable } from '@nestjs/common';
import { entityManagerOf, type Transaction } from '@gatehouse/identity';
import { DataSource } from 'typeorm';
import { type SignInSessionRecord, SignInSessionStore } from '../ports/sign-in-session.store';

interface SessionRow {
  id: string;
  user_id: string;
  session_hash: string;
  device: string;
  address: string;
  signed_in_at: Date;
  last_active_at: Date;
  expires_at: Date;
}

const COLUMNS = `id, user_id, session_hash, device, address, signed_in_at, last_active_at, expires_at`;

const recordOf = (row: SessionRow): SignInSessionRecord => ({
  id: row.id,
  userId: row.user_id,
  sessionHash: row.session_hash,
  device: row.device,
  address: row.address,
  signedInAt: row.signed_in_at,
  lastActiveAt: row.last_active_at,
  expiresAt: row.expires_at,
});

/** Hand-written SQL over `sign_in_sessions`. */
@Injectable()
export class SqlSignInSessionStore extends SignInSessionStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  private query<T>(sql: string, params: unknown[]): Promise<T[]> {
    return this.dataSource.query(sql, params) as Promise<T[]>;
  }

  async add(session: SignInSessionRecord): Promise<void> {
    // The user's expired rows go with each new one, in the same statement (a sign-in's round
    // trips are counted: sign-in-statements.int-spec.ts).
    await this.query(
      `WITH expired AS (
         DELETE FROM sign_in_sessions WHERE user_id = $2 AND expires_at <= $6
       ) INSERT INTO sign_in_sessions (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        session.id,
        session.userId,
        session.sessionHash,
        session.device,
        session.address,
        session.signedInAt,
        session.lastActiveAt,
        session.expiresAt,
      ],
    );
  }

  async listOf(userId: string, now: Date): Promise<SignInSessionRecord[]> {
    const rows = await this.query<SessionRow>(
      `SELECT ${COLUMNS} FROM sign_in_sessions WHERE user_id = $1 AND expires_at > $2
        ORDER BY last_active_at DESC, id DESC`,
      [userId, now],
    );
    return rows.map(recordOf);
  }

  async find(userId: string, id: string): Promise<SignInSessionRecord | null> {
    const [row] = await this.query<SessionRow>(
      `SELECT ${COLUMNS} FROM sign_in_sessions WHERE user_id = $1 AND id = $2`,
      [userId, id],
    );
    return row ? recordOf(row) : null;
  }

  async touch(sessionHash: string, at: Date, minIntervalMs: number): Promise<void> {
    await this.query(
      `UPDATE sign_in_sessions SET last_active_at = $2
        WHERE session_hash = $1 AND last_active_at <= $3`,
      [sessionHash, at, new Date(at.getTime() - minIntervalMs)],
    );
  }

  async removeByHash(sessionHash: string): Promise<void> {
    await this.query(`DELETE FROM sign_in_sessions WHERE session_hash = $1`, [sessionHash]);
  }

  async removeAllOf(
    userId: string,
    keepSessionHash: string | null,
    tx?: Transaction,
  ): Promise<string[]> {
    const runner = tx ? entityManagerOf(tx) : this.dataSource;
    // A SELECT around the DELETE: the driver answers a bare DELETE with its count, not its rows.
    const rows = (await runner.query(
      `WITH gone AS (
         DELETE FROM sign_in_sessions WHERE user_id = $1 AND session_hash IS DISTINCT FROM $2 RETURNING id
       ) SELECT id FROM gone ORDER BY id`,
      [userId, keepSessionHash],
    )) as Array<{ id: string }>;
    return rows.map((row) => row.id);
  }
}
