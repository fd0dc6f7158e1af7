import { SecretBox, SecretBoxError } from '@gatehouse/crypto';
import { FrozenClock } from '@gatehouse/domain/testing';
import { FakeSigningKeyCrypto } from '../testing/fake-signing-key-crypto';
import { InMemorySigningKeyStore } from '../testing/in-memory-signing-key.store';
import { TEST_ENCRYPTION_KEY } from '../testing/identity-test-kit';
import { SigningKeys } from './signing-keys';

describe('SigningKeys', () => {
  let store: InMemorySigningKeyStore;
  let crypto: FakeSigningKeyCrypto;
  let clock: FrozenClock;
  const make = (cacheTtlMs = 0) =>
    new SigningKeys(store, crypto, clock, {
      encryptionKey: TEST_ENCRYPTION_KEY,
      signingKeyCacheTtlMs: cacheTtlMs,
    });

  beforeEach(() => {
    store = new InMemorySigningKeyStore();
    crypto = new FakeSigningKeyCrypto();
    clock = new FrozenClock(Date.UTC(2026, 0, 1));
  });

  it('makes the first key on first use, once, even for concurrent callers', async () => {
    const keys = make();
    const [a, b] = await Promise.all([keys.jwks(), keys.jwks()]);
    expect(a).toEqual({ keys: [{ kty: 'RSA', kid: 'kid-1', n: 'n1', e: 'AQAB' }] });
    expect(b).toEqual(a);
    expect(crypto.generated).toBe(1);
    expect(store.keys.map((key) => [key.kid, key.status])).toEqual([['kid-1', 'current']]);
  });

  it('adopts the key another replica stored first', async () => {
    const other = make();
    await other.jwks();
    const keys = make();
    expect(await keys.signIdToken({ sub: 'u' })).toBe('kid-1.d1.{"sub":"u"}');
    expect(store.keys).toHaveLength(1);
  });

  it('when two replicas race, keeps one current key and both sign with it', async () => {
    // Both read "no key", both generate; the store keeps the first insert.
    const first = make();
    const second = make();
    const [one, two] = await Promise.all([first.signIdToken({}), second.signIdToken({})]);
    expect(store.keys.filter((key) => key.status === 'current')).toHaveLength(1);
    expect(one.split('.')[0]).toBe(store.keys[0]!.kid);
    expect(two.split('.')[0]).toBe(store.keys[0]!.kid);
  });

  it('refuses to start with an encryption key that does not open the stored signing key, naming the variable', async () => {
    await make().onApplicationBootstrap();
    const otherKey = Buffer.alloc(32, 7).toString('base64');
    const wrong = new SigningKeys(store, crypto, clock, {
      encryptionKey: otherKey,
      signingKeyCacheTtlMs: 0,
    });
    await expect(wrong.onApplicationBootstrap()).rejects.toThrow(
      `GATEHOUSE_ENCRYPTION_KEY does not open the signing key ${store.keys[0]!.kid} stored in the database`,
    );
  });

  it('seals private keys bound to their kid', async () => {
    await make().jwks();
    const [stored] = store.keys;
    expect(stored!.privateJwkEncrypted).toMatch(/^v1\./);
    // Sealed, not merely encoded: only the configured key opens it, and only under its own kid.
    const box = SecretBox.fromBase64Key(TEST_ENCRYPTION_KEY);
    expect(JSON.parse(box.decrypt(stored!.privateJwkEncrypted, 'kid-1'))).toEqual({
      kty: 'RSA',
      kid: 'kid-1',
      d: 'd1',
    });
    expect(() => box.decrypt(stored!.privateJwkEncrypted, 'kid-2')).toThrow(SecretBoxError);
    const [, , ciphertext] = stored!.privateJwkEncrypted.split('.');
    const plaintext = Buffer.from(JSON.stringify({ kty: 'RSA', kid: 'kid-1', d: 'd1' }));
    expect(Buffer.from(ciphertext!, 'base64url').subarray(0, plaintext.length)).not.toEqual(
      plaintext,
    );
    expect(stored!.publicJwk).toEqual({ kty: 'RSA', kid: 'kid-1', n: 'n1', e: 'AQAB' });
  });

  it('rotates: the new key signs, the old one stays published, the one before is retired', async () => {
    const keys = make();
    await keys.jwks();
    expect(await keys.rotate()).toEqual({ current: 'kid-2', previous: 'kid-1' });
    expect((await keys.jwks()).keys.map((key) => key.kid)).toEqual(['kid-2', 'kid-1']);
    expect((await keys.signIdToken({})).startsWith('kid-2.')).toBe(true);

    expect(await keys.rotate()).toEqual({ current: 'kid-3', previous: 'kid-2' });
    expect((await keys.jwks()).keys.map((key) => key.kid)).toEqual(['kid-3', 'kid-2']);
    expect(store.keys.map((key) => [key.kid, key.status])).toEqual([
      ['kid-1', 'retired'],
      ['kid-2', 'previous'],
      ['kid-3', 'current'],
    ]);
  });

  it('opens and imports each key once for all the tokens it signs, and the new key after a rotation', async () => {
    const keys = make(60_000);
    for (let i = 0; i < 3; i += 1) await keys.signIdToken({ n: i });
    expect(crypto.signersMade).toEqual(['kid-1']);
    await keys.rotate();
    await keys.signIdToken({});
    await keys.signIdToken({});
    expect(crypto.signersMade).toEqual(['kid-1', 'kid-2']);
  });

  it('rotating with no key yet makes the first one', async () => {
    expect(await make().rotate()).toEqual({ current: 'kid-1', previous: null });
  });

  it('picks up a rotation made elsewhere once its cache expires, refreshing without making callers wait', async () => {
    const replica = make(60_000);
    await replica.jwks();
    await make().rotate();
    expect((await replica.jwks()).keys.map((key) => key.kid)).toEqual(['kid-1']);
    clock.advance(60_000);
    // The expired cache is still served while the refresh it started runs in the background.
    expect((await replica.jwks()).keys.map((key) => key.kid)).toEqual(['kid-1']);
    await new Promise((resolve) => setImmediate(resolve));
    expect((await replica.jwks()).keys.map((key) => key.kid)).toEqual(['kid-2', 'kid-1']);
  });
});
