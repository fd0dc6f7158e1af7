import { Injectable } from '@nestjs/common';
import { type SecondFactorAnswer, SecondFactorCheck } from '../leaving/ports/second-factor-check';
import { FactorVerifier } from './factor-verifier';
import { SecondFactorStore } from './ports/second-factor.store';

/** FactorThrottle's address for codes typed in the settings rather than on a sign-in page. */
const SETTINGS_ADDRESS = 'settings';

/**
 * The second factor asked again before an account is deleted: an authenticator-app code or a
 * recovery code (a passkey-only account got recovery codes with its first passkey), checked and
 * throttled as on the sign-in page's factor step.
 */
@Injectable()
export class FactorVerifierCheck extends SecondFactorCheck {
  constructor(
    private readonly store: SecondFactorStore,
    private readonly verifier: FactorVerifier,
  ) {
    super();
  }

  async check(userId: string, code: string | undefined): Promise<SecondFactorAnswer> {
    const factors = await this.store.factorsOf(userId);
    if (!factors.totp && factors.passkeys === 0 && factors.recoveryCodesLeft === 0)
      return 'not_enrolled';
    if (!code?.trim()) return 'missing';
    const checked = await this.verifier.check(userId, code.trim(), SETTINGS_ADDRESS);
    return checked.kind === 'passed' ? 'accepted' : 'wrong';
  }
}
