import { Inject, Injectable } from '@nestjs/common';
import { hashToken } from '@gatehouse/crypto';
import {
  acceptedTotpStep,
  type Clock,
  looksLikeTotpCode,
  normalizedRecoveryCode,
} from '@gatehouse/domain';
import { CLOCK } from '@gatehouse/platform';
import { FactorThrottle } from './factor-throttle';
import { SecondFactorStore } from './ports/second-factor.store';
import { totpDelta } from './totp-codes';
import { TotpSecretBox } from './totp-secret-box';

export type FactorCheck =
  | { kind: 'passed'; method: 'totp' | 'recovery_code' }
  | { kind: 'wrong' }
  | { kind: 'throttled'; retryAfterSeconds: number };

/**
 * Checks a code typed for an account's second factor: six digits are an authenticator-app code
 * (accepted once: its time step must be later than the last one used, so a code seen over a
 * shoulder or replayed from a proxy log is refused), anything else a recovery code (used up by
 * the check). Every check goes through FactorThrottle first.
 */
@Injectable()
export class FactorVerifier {
  constructor(
    private readonly store: SecondFactorStore,
    private readonly throttle: FactorThrottle,
    private readonly secrets: TotpSecretBox,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async check(userId: string, typed: string, address: string): Promise<FactorCheck> {
    const wait = await this.throttle.waitSeconds(userId, address);
    if (wait !== null) return { kind: 'throttled', retryAfterSeconds: wait };
    const method = looksLikeTotpCode(typed) ? 'totp' : 'recovery_code';
    const passed =
      method === 'totp'
        ? await this.totpPasses(userId, typed)
        : await this.recoveryCodePasses(userId, typed);
    if (!passed) {
      await this.throttle.failed(userId, address);
      return { kind: 'wrong' };
    }
    await this.throttle.succeeded(userId, address);
    return { kind: 'passed', method };
  }

  private async totpPasses(userId: string, typed: string): Promise<boolean> {
    const factor = await this.store.findTotp(userId);
    if (!factor?.confirmedAt) return false;
    const now = this.clock.now();
    const delta = totpDelta(this.secrets.open(userId, factor.secretSealed), typed, now);
    const step = acceptedTotpStep(now, delta, factor.lastUsedStep);
    // The store's conditional update settles two requests racing with the same code.
    return step !== null && (await this.store.useTotpStep(userId, step));
  }

  private async recoveryCodePasses(userId: string, typed: string): Promise<boolean> {
    const code = normalizedRecoveryCode(typed);
    return (
      code !== null &&
      (await this.store.useRecoveryCode(userId, hashToken(code), new Date(this.clock.now())))
    );
  }
}
