import { Module } from '@nestjs/common';
import { SqlPasskeyStore } from './infrastructure/sql-passkey.store';
import { SqlSecondFactorStore } from './infrastructure/sql-second-factor.store';
import { PasskeyStore } from './ports/passkey.store';
import { SecondFactorStore } from './ports/second-factor.store';

/** The stores of second factors, for the sign-in (which asks for them) and the admin API (which resets them). */
@Module({
  providers: [
    { provide: SecondFactorStore, useClass: SqlSecondFactorStore },
    { provide: PasskeyStore, useClass: SqlPasskeyStore },
  ],
  exports: [SecondFactorStore, PasskeyStore],
})
export class SecondFactorStoreModule {}
