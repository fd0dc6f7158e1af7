import { Module } from '@nestjs/common';
import { provideGrantHandlers } from '@gatehouse/identity';
import { AuthorizationCodeGrant } from './authorization-code.grant';
import { AuthorizationCodes } from './authorization-codes';

/** Authorization codes and `grant_type=authorization_code`. Needs AUTHORIZATION_CODE_OPTIONS. */
@Module({
  providers: [AuthorizationCodes, ...provideGrantHandlers(AuthorizationCodeGrant)],
  exports: [AuthorizationCodes],
})
export class AuthorizationCodeModule {}
