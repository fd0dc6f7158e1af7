import { Injectable } from '@nestjs/common';
import { entityManagerOf, type Transaction } from '@gatehouse/identity';
import { DataSource } from 'typeorm';
import type {
  AccountFactors,
  NewRecoveryCode,
  TotpFactorRecord,
} from '../ports/second-factor-records';
import { SecondFactorStore } from '../ports/second-factor.store';

interface TotpRow {
  user_id: string;
  secret_encrypted: string;
  confirmed_at: Date | null;
  last_used_step: string | null;
}

/**
 * The rows a statement changed: TypeORM's Postgres runner answers an UPDATE or DELETE with
 * `[rows, count]`, any other statement with its rows.
 */
function affected(result: unknown): number {
  if (!Array.isArray(result)) return 0;
  if (result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number')
    return result[1];
  return result.length;
}

@Injectable()
export class SqlSecondFactorStore extends SecondFactorStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async factorsOf(userId: string): Promise<AccountFactors> {
    const [row] = (await this.dataSource.query(
      `SELECT
         EXISTS (SELECT 1 FROM totp_factors WHERE user_id = $1 AND confirmed_at IS NOT NULL) AS totp,
         (SELECT count(*)::int FROM passkeys WHERE user_id = $1) AS passkeys,
         (SELECT count(*)::int FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL) AS recovery`,
      [userId],
    )) as [{ totp: boolean; passkeys: number; recovery: number }];
    return { totp: row.totp, passkeys: row.passkeys, recoveryCodesLeft: row.recovery };
  }

  async findTotp(userId: string): Promise<TotpFactorRecord | null> {
    const [row] = (await this.dataSource.query(
      `SELECT user_id, secret_encrypted, confirmed_at, last_used_step FROM totp_factors WHERE user_id = $1`,
      [userId],
    )) as TotpRow[];
    return row
      ? {
          userId: row.user_id,
          secretSealed: row.secret_encrypted,
          confirmedAt: row.confirmed_at,
          lastUsedStep: row.last_used_step === null ? null : Number(row.last_used_step),
        }
      : null;
  }

  async putPendingTotp(userId: string, secretSealed: string): Promise<boolean> {
    const result: unknown = await this.dataSource.query(
      `INSERT INTO totp_factors (user_id, secret_encrypted) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE
         SET secret_encrypted = EXCLUDED.secret_encrypted, last_used_step = NULL, created_at = now()
         WHERE totp_factors.confirmed_at IS NULL
       RETURNING user_id`,
      [userId, secretSealed],
    );
    return affected(result) === 1;
  }

  async confirmTotp(tx: Transaction, userId: string, step: number, at: Date): Promise<boolean> {
    const result: unknown = await entityManagerOf(tx).query(
      `UPDATE totp_factors SET confirmed_at = $2, last_used_step = $3
        WHERE user_id = $1 AND confirmed_at IS NULL`,
      [userId, at, step],
    );
    return affected(result) === 1;
  }

  async useTotpStep(userId: string, step: number): Promise<boolean> {
    const result: unknown = await this.dataSource.query(
      `UPDATE totp_factors SET last_used_step = $2
        WHERE user_id = $1 AND confirmed_at IS NOT NULL
          AND (last_used_step IS NULL OR last_used_step < $2)`,
      [userId, step],
    );
    return affected(result) === 1;
  }

  async removeTotp(tx: Transaction, userId: string): Promise<number> {
    return affected(
      await entityManagerOf(tx).query(`DELETE FROM totp_factors WHERE user_id = $1`, [userId]),
    );
  }

  async replaceRecoveryCodes(
    tx: Transaction,
    userId: string,
    codes: readonly NewRecoveryCode[],
  ): Promise<void> {
    const manager = entityManagerOf(tx);
    await manager.query(`DELETE FROM recovery_codes WHERE user_id = $1`, [userId]);
    if (codes.length === 0) return;
    await manager.query(
      `INSERT INTO recovery_codes (id, user_id, code_hash)
       SELECT id, $1, code_hash FROM unnest($2::char(24)[], $3::char(64)[]) AS c(id, code_hash)`,
      [userId, codes.map((code) => code.id), codes.map((code) => code.codeHash)],
    );
  }

  async useRecoveryCode(userId: string, codeHash: string, at: Date): Promise<boolean> {
    const result: unknown = await this.dataSource.query(
      `UPDATE recovery_codes SET used_at = $3
        WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL`,
      [userId, codeHash, at],
    );
    return affected(result) === 1;
  }

  async removeRecoveryCodes(tx: Transaction, userId: string): Promise<number> {
    return affected(
      await entityManagerOf(tx).query(`DELETE FROM recovery_codes WHERE user_id = $1`, [userId]),
    );
  }
}
