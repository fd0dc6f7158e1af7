import { Module } from '@nestjs/common';
import { provideGrantHandlers } from '@gatehouse/identity';
import { RefreshRotationGrace } from './refresh-rotation-grace';
import { RefreshTokenGrant } from './refresh-token.grant';

/** The `refresh_token` grant of `POST /oauth/token`. */
@Module({ providers: [RefreshRotationGrace, ...provideGrantHandlers(RefreshTokenGrant)] })
export class RefreshTokenGrantModule {}
