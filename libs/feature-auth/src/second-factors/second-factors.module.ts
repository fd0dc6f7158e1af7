import { Module } from '@nestjs/common';
import { SessionModule } from '../session/session.module';
import { FactorStepController } from './factor-step.controller';
import { FactorThrottle } from './factor-throttle';
import { FactorVerifier } from './factor-verifier';
import { SecondFactorsController } from './second-factors.controller';
import { SecondFactorsService } from './second-factors.service';
import { TotpSecretBox } from './totp-secret-box';

/**
 * Second factors: the sign-in's factor step and the settings API that sets them up. Needs what
 * SessionModule needs, with AUTHORIZE_OPTIONS (AuthModule provides it).
 */
@Module({
  imports: [SessionModule],
  controllers: [FactorStepController, SecondFactorsController],
  providers: [FactorThrottle, FactorVerifier, TotpSecretBox, SecondFactorsService],
})
export class SecondFactorsModule {}
