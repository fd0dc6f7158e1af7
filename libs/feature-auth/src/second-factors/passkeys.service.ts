import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '@gatehouse/domain';
import { AccountReader, RandomSource } from '@gatehouse/identity';
import { CLOCK } from '@gatehouse/platform';
import type { PasskeyView } from '@gatehouse/settings-api';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { AUTHORIZE_OPTIONS, type AuthorizeOptions } from '../authorize/authorize-options';
import { PasskeyChallenges } from './passkey-challenges';
import { type PasskeyRecord, PasskeyStore } from './ports/passkey.store';

/**
 * @simplewebauthn/server and the ASN.1 and X.509 code it brings (~4 MiB of heap, source text
 * included) load at the first passkey ceremony, not when auth starts: most processes sign
 * nobody in with a passkey, and what is loaded stays resident (docs/architecture.md "Memory").
 */
const webAuthn = () => import('@simplewebauthn/server');

export function passkeyViewOf(passkey: PasskeyRecord): PasskeyView {
  return {
    id: passkey.id,
    name: passkey.name,
    createdAt: passkey.createdAt.toISOString(),
    lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * Passkeys (WebAuthn, verified by @simplewebauthn/server): registered from the settings, used as
 * a second factor after the password or alone (then with user verification, a PIN or biometric,
 * so still two factors). The relying party is the issuer: its host is the RP ID, its origin the
 * only origin accepted. A signature counter that does not grow (a cloned authenticator, or an
 * assertion replayed) refuses the sign-in.
 */
@Injectable()
export class PasskeysService {
  private readonly rpId: string;
  private readonly origin: string;

  constructor(
    private readonly store: PasskeyStore,
    private readonly challenges: PasskeyChallenges,
    private readonly users: AccountReader,
    private readonly random: RandomSource,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(AUTHORIZE_OPTIONS) authorize: AuthorizeOptions,
  ) {
    const issuer = new URL(authorize.issuer);
    this.rpId = issuer.hostname;
    this.origin = issuer.origin;
  }

  async list(userId: string): Promise<PasskeyView[]> {
    return (await this.store.listOf(userId)).map(passkeyViewOf);
  }

  async registrationOptions(userId: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const user = await this.users.findUser(userId);
    const existing = await this.store.listOf(userId);
    const { generateRegistrationOptions } = await webAuthn();
    const options = await generateRegistrationOptions({
      rpName: 'Gatehouse',
      rpID: this.rpId,
      userName: user?.username ?? userId,
      userID: new TextEncoder().encode(userId),
      attestationType: 'none',
      excludeCredentials: existing.map((passkey) => ({
        id: passkey.credentialId,
        transports: passkey.transports,
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    await this.challenges.put('registration', userId, options.challenge);
    return options;
  }

  async register(
    userId: string,
    name: string,
    response: RegistrationResponseJSON,
  ): Promise<PasskeyView | null> {
    const challenge = await this.challenges.take('registration', userId);
    if (challenge === null) return null;
    const { verifyRegistrationResponse } = await webAuthn();
    const verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: this.origin,
      expectedRPID: this.rpId,
      requireUserVerification: false,
    }).catch(() => null);
    if (!verified?.verified) return null;
    const { credential } = verified.registrationInfo;
    const passkey = {
      id: this.random.id(this.clock.now()),
      userId,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      signCount: credential.counter,
      transports: credential.transports ?? [],
      name,
    };
    if (!(await this.store.add(passkey))) return null;
    return passkeyViewOf({ ...passkey, createdAt: new Date(this.clock.now()), lastUsedAt: null });
  }

  async rename(userId: string, id: string, name: string): Promise<PasskeyView | null> {
    const renamed = await this.store.rename(userId, id, name);
    return renamed && passkeyViewOf(renamed);
  }

  remove(userId: string, id: string): Promise<boolean> {
    return this.store.remove(userId, id);
  }

  /**
   * The options of a sign-in in the browser of `sessionId`: for the passkeys of `userId` (the
   * second step after a password), or for any passkey of this site (a sign-in without password).
   */
  async signInOptions(
    sessionId: string,
    userId: string | null,
  ): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const allowed = userId === null ? [] : await this.store.listOf(userId);
    const { generateAuthenticationOptions } = await webAuthn();
    const options = await generateAuthenticationOptions({
      rpID: this.rpId,
      allowCredentials: allowed.map((passkey) => ({
        id: passkey.credentialId,
        transports: passkey.transports,
      })),
      userVerification: userId === null ? 'required' : 'preferred',
    });
    await this.challenges.put('sign-in', sessionId, options.challenge);
    return options;
  }

  /**
   * The account the answer signs in, or null. `userId`: the account of the pending sign-in, whose
   * passkey it must be; null for a sign-in without password, which must verify the user.
   */
  async signIn(
    sessionId: string,
    response: AuthenticationResponseJSON,
    userId: string | null,
  ): Promise<string | null> {
    const challenge = await this.challenges.take('sign-in', sessionId);
    const passkey = await this.store.findByCredentialId(String(response.id ?? ''));
    if (challenge === null || !passkey || (userId !== null && passkey.userId !== userId))
      return null;
    const { verifyAuthenticationResponse } = await webAuthn();
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: this.origin,
      expectedRPID: this.rpId,
      credential: {
        id: passkey.credentialId,
        publicKey: Buffer.from(passkey.publicKey, 'base64url'),
        counter: passkey.signCount,
        transports: passkey.transports,
      },
      requireUserVerification: userId === null,
    }).catch(() => null);
    if (!verified?.verified) return null;
    const counted = await this.store.used(
      passkey.id,
      passkey.signCount,
      verified.authenticationInfo.newCounter,
      new Date(this.clock.now()),
    );
    return counted ? passkey.userId : null;
  }
}
