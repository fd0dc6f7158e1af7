import { Module } from '@nestjs/common';
import { provideGrantHandlers } from '@gatehouse/identity';
import { RefreshTokenGrant } from './refresh-token.grant';

/** The `refresh_token` grant of `POST /oauth/token`. */
@Module({ providers: provideGrantHandlers(RefreshTokenGrant) })
export class RefreshTokenGrantModule {}
