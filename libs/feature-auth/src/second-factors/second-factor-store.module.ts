import { Module } from '@nestjs/common';
import { SqlSecondFactorStore } from './infrastructure/sql-second-factor.store';
import { SecondFactorStore } from './ports/second-factor.store';

/** The store of second factors, for the sign-in (which asks for them) and the admin API (which resets them). */
@Module({
  providers: [{ provide: SecondFactorStore, useClass: SqlSecondFactorStore }],
  exports: [SecondFactorStore],
})
export class SecondFactorStoreModule {}
