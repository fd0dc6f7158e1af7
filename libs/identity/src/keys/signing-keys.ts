import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { SecretBox, SecretBoxError } from '@gatehouse/crypto';
import { type Clock, LOGOUT_TOKEN_TYPE, type LogoutTokenClaims } from '@gatehouse/domain';
import { CLOCK } from '@gatehouse/platform';
import type { JWK } from 'jose';
import { IDENTITY_OPTIONS, IdentityOptions } from '../identity-options';
import { JwtSigner, SigningKeyCrypto } from './ports/signing-key-crypto';
import { NewSigningKey, SigningKeyRecord, SigningKeyStore } from './ports/signing-key.store';

const DEFAULT_CACHE_TTL_MS = 60_000;

/**
 * The id_token signing keys (RS256). The current key signs; the current and previous keys are
 * published at `/oauth/jwks`, so tokens signed just before a rotation still verify. Private keys
 * are sealed with SecretBox (GATEHOUSE_ENCRYPTION_KEY), bound to their kid.
 *
 * The first key is made at start (or first use). Two replicas starting together may both generate
 * one; the database keeps a single `current` key and the loser adopts the winner's.
 *
 * Keys are loaded at start and, once loaded, never waited for again: a cache older than its TTL
 * is served while a refresh runs in the background (a rotation made elsewhere shows within about
 * one TTL). Signing happens inside the token transaction, and the all-in-one's embedded database
 * has a single connection, which that transaction holds: a blocking reload there would wait on
 * itself.
 */
@Injectable()
export class SigningKeys implements OnApplicationBootstrap {
  private readonly box: SecretBox;
  private readonly cacheTtlMs: number;
  private cached: { keys: SigningKeyRecord[]; loadedAtMs: number } | null = null;
  private loading: Promise<SigningKeyRecord[]> | null = null;
  /**
   * The signer of each published key, by kid: a kid names one key for good, so its private key is
   * opened and imported once. Dropped when its key is no longer published.
   */
  private readonly signers = new Map<string, JwtSigner>();

  constructor(
    private readonly store: SigningKeyStore,
    private readonly crypto: SigningKeyCrypto,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDENTITY_OPTIONS)
    options: Pick<IdentityOptions, 'encryptionKey' | 'signingKeyCacheTtlMs'>,
  ) {
    this.box = SecretBox.fromKeyRing(options.encryptionKey);
    this.cacheTtlMs = options.signingKeyCacheTtlMs ?? DEFAULT_CACHE_TTL_MS;
  }

  /** Fails the start when the current key does not open: every id_token would fail later. */
  async onApplicationBootstrap(): Promise<void> {
    const [current] = await this.publishedKeys();
    try {
      this.box.decrypt(current!.privateJwkEncrypted, current!.kid);
    } catch (error) {
      if (!(error instanceof SecretBoxError)) throw error;
      throw new Error(
        `GATEHOUSE_ENCRYPTION_KEY does not open the signing key ${current!.kid} stored in the database: ` +
          'set it to the key the database was set up with (every service shares one), ' +
          'or, if that key is lost, run `gatehouse admin rotate-keys` with the new key and sign everyone in again',
      );
    }
  }

  /** The JWK Set of `/oauth/jwks`: current key first, then the previous one. */
  async jwks(): Promise<{ keys: JWK[] }> {
    const keys = await this.publishedKeys();
    return { keys: keys.map((key) => ({ ...key.publicJwk }) as JWK) };
  }

  /** Signs id_token claims with the current key. */
  async signIdToken(claims: object): Promise<string> {
    const [current] = await this.publishedKeys();
    return this.signerOf(current!).sign(claims);
  }

  /** Signs a logout token (OpenID Connect Back-Channel Logout 1.0 §2.4) with the current key. */
  async signLogoutToken(claims: LogoutTokenClaims): Promise<string> {
    const [current] = await this.publishedKeys();
    return this.signerOf(current!).sign(claims, LOGOUT_TOKEN_TYPE);
  }

  private signerOf(key: SigningKeyRecord): JwtSigner {
    let signer = this.signers.get(key.kid);
    if (!signer) {
      const privateJwk = JSON.parse(this.box.decrypt(key.privateJwkEncrypted, key.kid)) as Record<
        string,
        unknown
      >;
      signer = this.crypto.signerFor({ kid: key.kid, alg: key.alg, privateJwk });
      this.signers.set(key.kid, signer);
    }
    return signer;
  }

  /** Makes a new current key; the old current one stays published as previous, the one before is retired. */
  async rotate(): Promise<{ current: string; previous: string | null }> {
    const key = await this.newKey();
    const { previous } = await this.store.rotateTo(key, new Date(this.clock.now()));
    this.cached = null;
    return { current: key.kid, previous };
  }

  private async publishedKeys(): Promise<SigningKeyRecord[]> {
    const now = this.clock.now();
    if (!this.cached) return this.load(now);
    if (now - this.cached.loadedAtMs >= this.cacheTtlMs && !this.loading) {
      // A failed refresh keeps serving the keys it has; the next call tries again.
      this.load(now).catch(() => undefined);
    }
    return this.cached.keys;
  }

  private load(now: number): Promise<SigningKeyRecord[]> {
    this.loading ??= this.loadEnsuringCurrent()
      .then((keys) => {
        this.cached = { keys, loadedAtMs: now };
        for (const kid of this.signers.keys())
          if (!keys.some((key) => key.kid === kid)) this.signers.delete(kid);
        return keys;
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }

  private async loadEnsuringCurrent(): Promise<SigningKeyRecord[]> {
    const keys = await this.store.published();
    if (keys[0]?.status === 'current') return keys;
    await this.store.insertFirstCurrent(await this.newKey(), new Date(this.clock.now()));
    const reloaded = await this.store.published();
    if (reloaded[0]?.status !== 'current')
      throw new Error('No current signing key after generating one');
    return reloaded;
  }

  private async newKey(): Promise<NewSigningKey> {
    const generated = await this.crypto.generate();
    return {
      kid: generated.kid,
      alg: generated.alg,
      publicJwk: generated.publicJwk,
      privateJwkEncrypted: this.box.encrypt(JSON.stringify(generated.privateJwk), generated.kid),
    };
  }
}
