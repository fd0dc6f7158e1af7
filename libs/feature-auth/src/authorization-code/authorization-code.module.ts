import { Module } from '@nestjs/common';
import { provideGrantHandlers } from '@gatehouse/identity';
import { AuthorizationCodeGrant } from './authorization-code.grant';
import { AuthorizationCodes } from './authorization-codes';
import { ConsentWithdrawals } from '../consent/consent-withdrawals';

/** Authorization codes and `grant_type=authorization_code`. Needs AUTHORIZATION_CODE_OPTIONS. */
@Module({
  providers: [
    AuthorizationCodes,
    ConsentWithdrawals,
    ...provideGrantHandlers(AuthorizationCodeGrant),
  ],
  exports: [AuthorizationCodes],
})
export class AuthorizationCodeModule {}
