import type { Transaction } from '@gatehouse/identity';

/**
 * Where a store of second factors (TOTP secrets, recovery codes, passkeys) plugs into the admin
 * API's "reset factors": each one given to `AdminModule` (SECOND_FACTOR_RESETS) removes every factor of its
 * kind of the user, in the reset's transaction, and says how many it removed.
 */
export abstract class SecondFactorReset {
  /** The factor's kind as the answer names it (`totp`, `recovery_codes`, `passkeys`). */
  abstract readonly kind: string;
  abstract removeAll(tx: Transaction, userId: string): Promise<number>;
}
