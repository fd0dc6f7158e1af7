import { Module } from '@nestjs/common';
import { SecurityNoticesModule } from '../security-notices/security-notices.module';
import { SessionModule } from '../session/session.module';
import { FactorStepController } from './factor-step.controller';
import { FactorThrottle } from './factor-throttle';
import { FactorVerifier } from './factor-verifier';
import { SecondFactorsController } from './second-factors.controller';
import { SecondFactorsService } from './second-factors.service';
import { TotpSecretBox } from './totp-secret-box';
import { PasskeyChallenges } from './passkey-challenges';
import { PasskeySignInController } from './passkey-sign-in.controller';
import { PasskeysController } from './passkeys.controller';
import { PasskeysService } from './passkeys.service';

/**
 * Second factors: the sign-in's factor step and the settings API that sets them up. Needs what
 * SessionModule needs, with AUTHORIZE_OPTIONS (AuthModule provides it).
 */
@Module({
  imports: [SessionModule, SecurityNoticesModule],
  controllers: [
    FactorStepController,
    PasskeySignInController,
    SecondFactorsController,
    PasskeysController,
  ],
  providers: [
    FactorThrottle,
    FactorVerifier,
    TotpSecretBox,
    SecondFactorsService,
    PasskeyChallenges,
    PasskeysService,
  ],
})
export class SecondFactorsModule {}
