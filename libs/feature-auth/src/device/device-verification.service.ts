import { Inject, Injectable } from '@nestjs/common';
import { Clock, normalizeUserCode } from '@gatehouse/domain';
import { AccountReader, RandomSource } from '@gatehouse/identity';
import { CLOCK } from '@gatehouse/platform';
import { PendingConsents } from '../consent/pending-consents';
import { DeviceAuthorizations } from './device-authorizations';
import { DEVICE_INTENT, DeviceIntent } from './device-intent';
import { EntryLimit, UserCodeEntryGuard } from './user-code-entry.guard';

const DEVICE_CONSENT_PATH = '/oauth/device/consent';

export type DeviceVerificationResult =
  /** The code is right: show the consent page at `location`. */
  | { kind: 'consent'; location: string }
  /** Wrong, expired or already answered (indistinguishable on purpose). */
  | { kind: 'wrong_code'; message: string }
  | { kind: 'limited'; retryAfterSeconds: number; message: string }
  /** The session's user is gone or disabled: sign in again. */
  | { kind: 'sign_in' };

export const WRONG_CODE_MESSAGE =
  'This code is not valid. Check the code shown on your device; codes expire after a few minutes.';

export interface DeviceVerificationInput {
  userId: string;
  /** The user's sign-in time (session `authTime`). */
  authTime: number;
  address: string;
  typed: string;
}

/**
 * The verification page's code check (RFC 8628 §3.3): only for a signed-in user (signing in
 * first keeps anonymous guessing out, RFC 8628 §5.1), behind UserCodeEntryGuard, with
 * case, spaces and dashes ignored. A right code parks a consent request for this user; the
 * consent page is always shown, never skipped by an earlier consent to the same app: the user
 * must look at what they approve (RFC 8628 §5.4 remote phishing).
 */
@Injectable()
export class DeviceVerificationService {
  constructor(
    private readonly authorizations: DeviceAuthorizations,
    private readonly guard: UserCodeEntryGuard,
    private readonly pending: PendingConsents,
    private readonly accounts: AccountReader,
    private readonly random: RandomSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async verify(input: DeviceVerificationInput): Promise<DeviceVerificationResult> {
    const user = await this.accounts.findUser(input.userId);
    if (!user || user.disabledAt !== null) return { kind: 'sign_in' };

    const admission = await this.guard.admit({ userId: user.id, address: input.address });
    if (!admission.admitted) {
      return {
        kind: 'limited',
        retryAfterSeconds: admission.retryAfterSeconds,
        message: limitedMessage(admission.limit, admission.retryAfterSeconds),
      };
    }
    const userCode = normalizeUserCode(input.typed);
    const deviceCodeHash =
      userCode === null ? null : await this.authorizations.findByUserCode(userCode);
    const authorization =
      deviceCodeHash === null ? null : await this.authorizations.find(deviceCodeHash);
    const nowMs = this.clock.now();
    if (
      deviceCodeHash === null ||
      !authorization ||
      authorization.expiresAt <= nowMs ||
      (await this.authorizations.decisionOf(deviceCodeHash))
    ) {
      return { kind: 'wrong_code', message: WRONG_CODE_MESSAGE };
    }
    await this.guard.succeeded(admission.ticket);

    const intent: DeviceIntent = { deviceCodeHash, authTime: input.authTime };
    const consentId = this.random.token('');
    await this.pending.put(consentId, {
      userId: user.id,
      client: {
        clientId: authorization.clientId,
        name: authorization.clientName,
        clientIdHost: null,
        loopbackOnly: false,
      },
      scopes: authorization.scopes,
      requiredOrgIds: [],
      intent: { kind: DEVICE_INTENT, payload: intent },
    });
    return {
      kind: 'consent',
      location: `${DEVICE_CONSENT_PATH}?consent_id=${encodeURIComponent(consentId)}`,
    };
  }
}

function limitedMessage(limit: EntryLimit, seconds: number): string {
  const wait =
    seconds < 60
      ? `${seconds} second${seconds === 1 ? '' : 's'}`
      : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;
  switch (limit) {
    case 'user':
      return `Too many wrong codes were entered for your account. For your security, code entry is paused: try again in ${wait}.`;
    case 'address':
      return `Too many wrong codes were entered from your network. For your security, code entry is paused: try again in ${wait}.`;
    case 'global':
      return `Too many wrong codes are being entered on this server right now. Try again in ${wait}.`;
  }
}
