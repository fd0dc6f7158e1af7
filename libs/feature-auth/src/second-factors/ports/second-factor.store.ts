import type { Transaction } from '@gatehouse/identity';
import type { AccountFactors, NewRecoveryCode, TotpFactorRecord } from './second-factor-records';

/** Port over an account's TOTP secret and recovery codes (and a count of its passkeys). */
export abstract class SecondFactorStore {
  abstract factorsOf(userId: string): Promise<AccountFactors>;
  abstract findTotp(userId: string): Promise<TotpFactorRecord | null>;
  /** Stores a secret waiting for its first code, replacing one that waits; false when a confirmed one exists. */
  abstract putPendingTotp(userId: string, secretSealed: string): Promise<boolean>;
  /** Activates the waiting secret, `step` used; false when none waits any more. */
  abstract confirmTotp(tx: Transaction, userId: string, step: number, at: Date): Promise<boolean>;
  /** Records `step` as used when it is later than the last used; false otherwise (a replay). */
  abstract useTotpStep(userId: string, step: number): Promise<boolean>;
  abstract removeTotp(tx: Transaction, userId: string): Promise<number>;
  /** Replaces every recovery code of the account. */
  abstract replaceRecoveryCodes(
    tx: Transaction,
    userId: string,
    codes: readonly NewRecoveryCode[],
  ): Promise<void>;
  /** Marks the unused code as used; false when the account has no such unused code. */
  abstract useRecoveryCode(userId: string, codeHash: string, at: Date): Promise<boolean>;
  abstract removeRecoveryCodes(tx: Transaction, userId: string): Promise<number>;
}
