import { Inject, Injectable } from '@nestjs/common';
import { hashToken, verifyPassword } from '@gatehouse/crypto';
import {
  acceptedTotpStep,
  type Clock,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_RANDOM_BYTES,
  recoveryCodeOf,
} from '@gatehouse/domain';
import {
  AccountReader,
  PrincipalInvalidator,
  RandomSource,
  type Transaction,
  TransactionRunner,
} from '@gatehouse/identity';
import { SecurityNotices } from '../security-notices/security-notices';
import { CLOCK } from '@gatehouse/platform';
import type {
  PasskeyRegistration,
  SecondFactorsView,
  TotpEnrolment,
} from '@gatehouse/settings-api';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { randomBytes } from 'node:crypto';
import { AUTHORIZE_OPTIONS, type AuthorizeOptions } from '../authorize/authorize-options';
import { SignInAccounts } from '../session/ports/sign-in-accounts';
import { FactorThrottle } from './factor-throttle';
import { type FactorCheck, FactorVerifier } from './factor-verifier';
import { PasskeyStore } from './ports/passkey.store';
import { SecondFactorStore } from './ports/second-factor.store';
import { passkeyViewOf, PasskeysService } from './passkeys.service';
import { newTotpSecret, totpDelta, totpQrCode, totpUri } from './totp-codes';
import { TotpSecretBox } from './totp-secret-box';

type Throttled = { kind: 'throttled'; retryAfterSeconds: number };

export type EnrolResult = { kind: 'started'; enrolment: TotpEnrolment } | { kind: 'already_on' };
export type ConfirmResult =
  { kind: 'confirmed'; recoveryCodes: string[] } | { kind: 'wrong_code' } | { kind: 'not_started' };
export type DisableResult =
  | { kind: 'disabled' }
  | { kind: 'wrong_password' }
  | { kind: 'wrong_code' }
  | { kind: 'not_on' }
  | Throttled;
export type RegenerateResult =
  | { kind: 'regenerated'; recoveryCodes: string[] }
  | { kind: 'wrong_password' }
  | { kind: 'no_factor' }
  | Throttled;

/**
 * The second factors a signed-in person manages in the settings (docs/settings-api.md "Second
 * factors"): an authenticator app, enrolled by a secret that is active only once a first code
 * confirms it (then ten recovery codes, shown once), turned off with the password and a code;
 * passkeys added (the first factor, app or passkey, brings the recovery codes) and removed;
 * recovery codes regenerated with the password. Recovery codes go when no factor is left.
 */
/** How the account's security events name each factor. */
const AUTHENTICATOR_APP = 'Authenticator app';
const passkeyFactor = (name: string) => (name ? `Passkey "${name}"` : 'A passkey');

@Injectable()
export class SecondFactorsService {
  constructor(
    private readonly store: SecondFactorStore,
    private readonly passkeys: PasskeyStore,
    private readonly passkeyRegistrations: PasskeysService,
    private readonly verifier: FactorVerifier,
    private readonly throttle: FactorThrottle,
    private readonly secrets: TotpSecretBox,
    private readonly accounts: SignInAccounts,
    private readonly users: AccountReader,
    private readonly random: RandomSource,
    private readonly transactions: TransactionRunner,
    private readonly notices: SecurityNotices,
    private readonly principals: PrincipalInvalidator,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(AUTHORIZE_OPTIONS) private readonly authorize: AuthorizeOptions,
  ) {}

  async view(userId: string): Promise<SecondFactorsView> {
    const [factors, passkeys] = await Promise.all([
      this.store.factorsOf(userId),
      this.passkeys.listOf(userId),
    ]);
    return {
      totp: factors.totp,
      recoveryCodesLeft: factors.recoveryCodesLeft,
      passkeys: passkeys.map(passkeyViewOf),
    };
  }

  async startTotp(userId: string): Promise<EnrolResult> {
    const user = await this.users.findUser(userId);
    const secret = newTotpSecret();
    if (!user || !(await this.store.putPendingTotp(userId, this.secrets.seal(userId, secret))))
      return { kind: 'already_on' };
    const uri = totpUri(secret, new URL(this.authorize.issuer).host, user.username);
    return { kind: 'started', enrolment: { secret, uri, qrCode: await totpQrCode(uri) } };
  }

  async confirmTotp(userId: string, code: string): Promise<ConfirmResult> {
    const pending = await this.store.findTotp(userId);
    if (!pending || pending.confirmedAt !== null) return { kind: 'not_started' };
    const now = this.clock.now();
    const delta = totpDelta(this.secrets.open(userId, pending.secretSealed), code, now);
    const step = acceptedTotpStep(now, delta, pending.lastUsedStep);
    if (step === null) return { kind: 'wrong_code' };
    const recoveryCodes = this.newRecoveryCodes();
    const confirmed = await this.transactions.run(async (tx) => {
      if (!(await this.store.confirmTotp(tx, userId, step, new Date(now)))) return false;
      await this.storeRecoveryCodes(tx, userId, recoveryCodes);
      await this.notices.factorChanged(tx, userId, 'added', AUTHENTICATOR_APP);
      return true;
    });
    if (confirmed) await this.principals.accountChanged(userId);
    return confirmed ? { kind: 'confirmed', recoveryCodes } : { kind: 'not_started' };
  }

  /**
   * Adds the passkey of the browser's answer; when it is the account's first factor, with ten new
   * recovery codes, as confirming an authenticator app gives. Null when the answer does not verify.
   */
  async addPasskey(
    userId: string,
    name: string,
    response: RegistrationResponseJSON,
  ): Promise<PasskeyRegistration | null> {
    const added = await this.passkeyRegistrations.register(userId, name, response);
    if (!added) return null;
    const factors = await this.store.factorsOf(userId);
    const recoveryCodes = factors.totp || factors.passkeys !== 1 ? null : this.newRecoveryCodes();
    await this.transactions.run(async (tx) => {
      if (recoveryCodes) await this.storeRecoveryCodes(tx, userId, recoveryCodes);
      await this.notices.factorChanged(tx, userId, 'added', passkeyFactor(name));
    });
    await this.principals.accountChanged(userId);
    return { ...added, recoveryCodes };
  }

  /** Removes a passkey, and the recovery codes when no factor is left; false when there was none. */
  async removePasskey(userId: string, id: string): Promise<boolean> {
    const removed = (await this.passkeys.listOf(userId)).find((passkey) => passkey.id === id);
    if (!(await this.passkeyRegistrations.remove(userId, id))) return false;
    const factors = await this.store.factorsOf(userId);
    await this.transactions.run(async (tx) => {
      if (!factors.totp && factors.passkeys === 0) await this.store.removeRecoveryCodes(tx, userId);
      await this.notices.factorChanged(tx, userId, 'removed', passkeyFactor(removed?.name ?? ''));
    });
    await this.principals.accountChanged(userId);
    return true;
  }

  async disableTotp(
    userId: string,
    password: string,
    code: string,
    address: string,
  ): Promise<DisableResult> {
    const factors = await this.store.factorsOf(userId);
    if (!factors.totp) return { kind: 'not_on' };
    const checked = await this.passwordChecked(userId, password, address);
    if (checked) return checked;
    const factor: FactorCheck = await this.verifier.check(userId, code, address);
    if (factor.kind === 'throttled') return factor;
    if (factor.kind === 'wrong') return { kind: 'wrong_code' };
    await this.transactions.run(async (tx) => {
      await this.store.removeTotp(tx, userId);
      if (factors.passkeys === 0) await this.store.removeRecoveryCodes(tx, userId);
      await this.notices.factorChanged(tx, userId, 'removed', AUTHENTICATOR_APP);
    });
    await this.principals.accountChanged(userId);
    return { kind: 'disabled' };
  }

  async regenerateRecoveryCodes(
    userId: string,
    password: string,
    address: string,
  ): Promise<RegenerateResult> {
    const factors = await this.store.factorsOf(userId);
    if (!factors.totp && factors.passkeys === 0) return { kind: 'no_factor' };
    const checked = await this.passwordChecked(userId, password, address);
    if (checked) return checked;
    const recoveryCodes = this.newRecoveryCodes();
    await this.transactions.run((tx) => this.storeRecoveryCodes(tx, userId, recoveryCodes));
    return { kind: 'regenerated', recoveryCodes };
  }

  /** Null when the password is right; otherwise why not, counted like a wrong code. */
  async passwordChecked(
    userId: string,
    password: string,
    address: string,
  ): Promise<{ kind: 'wrong_password' } | Throttled | null> {
    const wait = await this.throttle.waitSeconds(userId, address);
    if (wait !== null) return { kind: 'throttled', retryAfterSeconds: wait };
    const account = await this.accounts.findById(userId);
    if (account && (await verifyPassword(password, account.passwordHash))) return null;
    await this.throttle.failed(userId, address);
    return { kind: 'wrong_password' };
  }

  private newRecoveryCodes(): string[] {
    return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
      recoveryCodeOf(randomBytes(RECOVERY_CODE_RANDOM_BYTES)),
    );
  }

  private storeRecoveryCodes(tx: Transaction, userId: string, codes: string[]): Promise<void> {
    const now = this.clock.now();
    return this.store.replaceRecoveryCodes(
      tx,
      userId,
      codes.map((code) => ({ id: this.random.id(now), codeHash: hashToken(code) })),
    );
  }
}
