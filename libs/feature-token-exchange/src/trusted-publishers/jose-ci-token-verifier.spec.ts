import { InvalidRequest } from '@gatehouse/domain';
import { FrozenClock } from '@gatehouse/domain/testing';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { JoseCiTokenVerifier } from './jose-ci-token-verifier';
import { JsonWebKeySet, JwksFetcher } from './jwks-fetcher';

const ISSUER = 'https://ci.example';

/** A CI provider's signing keys; the published set is whatever `published` holds at fetch time. */
class CountingFetcher extends JwksFetcher {
  calls = 0;
  published: JWK[] = [];
  gate: Promise<void> | null = null;

  async fetch(): Promise<JsonWebKeySet> {
    this.calls += 1;
    if (this.gate) await this.gate;
    return { keys: this.published as Array<Record<string, unknown>> };
  }
}

async function signingKey(kid: string) {
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256' };
  const sign = (clock: FrozenClock) =>
    new SignJWT({ sub: 'repo:acme/app' })
      .setProtectedHeader({ alg: 'ES256', kid })
      .setIssuer(ISSUER)
      .setIssuedAt(Math.floor(clock.now() / 1000))
      .setExpirationTime(Math.floor(clock.now() / 1000) + 3600)
      .sign(privateKey);
  return { jwk, sign };
}

describe('JoseCiTokenVerifier: the key sets jose keeps per JWKS URL', () => {
  let clock: FrozenClock;
  let fetcher: CountingFetcher;
  let verifier: JoseCiTokenVerifier;
  let k1: Awaited<ReturnType<typeof signingKey>>;
  let k2: Awaited<ReturnType<typeof signingKey>>;

  beforeAll(async () => {
    [k1, k2] = await Promise.all([signingKey('k1'), signingKey('k2')]);
  });

  beforeEach(() => {
    clock = new FrozenClock();
    // jose times its cache with Date.now(); the test's clock drives it.
    jest.spyOn(Date, 'now').mockImplementation(() => clock.now());
    fetcher = new CountingFetcher();
    fetcher.published = [k1.jwk];
    verifier = new JoseCiTokenVerifier(fetcher, clock, {
      jwks: { cacheTtlMs: 600_000, refetchCooldownMs: 30_000 },
    });
  });

  afterEach(() => jest.restoreAllMocks());

  const verify = async (token: string, jwksUri = `${ISSUER}/jwks`) =>
    verifier.verify(token, { issuer: ISSUER, jwksUri });

  it('reuses a key set until it is older than the TTL', async () => {
    expect(await verify(await k1.sign(clock))).toMatchObject({ iss: ISSUER, sub: 'repo:acme/app' });
    clock.advance(599_999);
    await verify(await k1.sign(clock));
    expect(fetcher.calls).toBe(1);
    clock.advance(1);
    await verify(await k1.sign(clock));
    expect(fetcher.calls).toBe(2);
  });

  it('refetches for an unknown key at most once per cooldown', async () => {
    await verify(await k1.sign(clock));
    fetcher.published = [k1.jwk, k2.jwk];
    clock.advance(29_999);
    const refused = await verify(await k2.sign(clock)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(InvalidRequest);
    expect((refused as InvalidRequest).description).toBe(
      'subject_token is signed with a key the issuer does not publish',
    );
    expect(fetcher.calls).toBe(1);
    clock.advance(1);
    expect(await verify(await k2.sign(clock))).toMatchObject({ iss: ISSUER });
    expect(fetcher.calls).toBe(2);
  });

  it('shares one fetch among concurrent requests, per URL', async () => {
    let release!: () => void;
    fetcher.gate = new Promise((resolve) => (release = resolve));
    const token = await k1.sign(clock);
    const pending = Promise.all([
      verify(token, 'https://a.example/jwks'),
      verify(token, 'https://a.example/jwks'),
      verify(token, 'https://b.example/jwks'),
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await pending;
    expect(fetcher.calls).toBe(2);
  });

  it('keeps no failed fetch', async () => {
    const failing = new (class extends JwksFetcher {
      calls = 0;
      async fetch(): Promise<JsonWebKeySet> {
        this.calls += 1;
        throw new Error('down');
      }
    })();
    const failingVerifier = new JoseCiTokenVerifier(failing, clock, {});
    const token = await k1.sign(clock);
    await expect(
      failingVerifier.verify(token, { issuer: ISSUER, jwksUri: `${ISSUER}/jwks` }),
    ).rejects.toThrow('down');
    await expect(
      failingVerifier.verify(token, { issuer: ISSUER, jwksUri: `${ISSUER}/jwks` }),
    ).rejects.toThrow('down');
    expect(failing.calls).toBe(2);
  });
});
