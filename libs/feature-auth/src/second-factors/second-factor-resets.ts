import { Injectable } from '@nestjs/common';
import type { Transaction } from '@gatehouse/identity';
import { SecondFactorReset } from '../admin/ports/second-factor-reset';
import { PasskeyStore } from './ports/passkey.store';
import { SecondFactorStore } from './ports/second-factor.store';

/** The admin API's "reset factors" of the authenticator app. */
@Injectable()
export class TotpFactorReset extends SecondFactorReset {
  readonly kind = 'totp';

  constructor(private readonly store: SecondFactorStore) {
    super();
  }

  removeAll(tx: Transaction, userId: string): Promise<number> {
    return this.store.removeTotp(tx, userId);
  }
}

/** The admin API's "reset factors" of the recovery codes. */
@Injectable()
export class RecoveryCodesReset extends SecondFactorReset {
  readonly kind = 'recovery_codes';

  constructor(private readonly store: SecondFactorStore) {
    super();
  }

  removeAll(tx: Transaction, userId: string): Promise<number> {
    return this.store.removeRecoveryCodes(tx, userId);
  }
}

/** The admin API's "reset factors" of the passkeys. */
@Injectable()
export class PasskeysReset extends SecondFactorReset {
  readonly kind = 'passkeys';

  constructor(private readonly store: PasskeyStore) {
    super();
  }

  removeAll(tx: Transaction, userId: string): Promise<number> {
    return this.store.removeAll(tx, userId);
  }
}
