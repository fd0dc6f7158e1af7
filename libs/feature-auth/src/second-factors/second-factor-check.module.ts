import { Module } from '@nestjs/common';
import { SecondFactorCheck } from '../leaving/ports/second-factor-check';
import { SessionModule } from '../session/session.module';
import { FactorThrottle } from './factor-throttle';
import { FactorVerifier } from './factor-verifier';
import { FactorVerifierCheck } from './factor-verifier-check';
import { TotpSecretBox } from './totp-secret-box';

/** The second factor asked again outside sign-in (before an account is deleted): SecondFactorCheck. */
@Module({
  imports: [SessionModule],
  providers: [
    FactorThrottle,
    FactorVerifier,
    TotpSecretBox,
    { provide: SecondFactorCheck, useClass: FactorVerifierCheck },
  ],
  exports: [SecondFactorCheck],
})
export class SecondFactorCheckModule {}
