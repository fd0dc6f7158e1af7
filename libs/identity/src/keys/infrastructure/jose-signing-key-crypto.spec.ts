import { createLocalJWKSet, decodeProtectedHeader, type JWK, jwtVerify } from 'jose';
import { JoseSigningKeyCrypto } from './jose-signing-key-crypto';

describe('JoseSigningKeyCrypto', () => {
  const crypto = new JoseSigningKeyCrypto();
  const claims = {
    iss: 'https://hub.test',
    aud: 'app',
    sub: 'user-1',
    iat: 1_767_225_600,
    exp: 4_102_444_800,
    name: 'Zoë « Ünïcode »',
    nonce: 'n-1',
  };

  it('signs an RS256 id_token that jose verifies with the published key, header {alg, kid, typ}', async () => {
    const key = await crypto.generate();
    const token = crypto.signerFor(key).sign(claims);

    expect(decodeProtectedHeader(token)).toEqual({ alg: 'RS256', kid: key.kid, typ: 'JWT' });
    const { payload } = await jwtVerify(
      token,
      createLocalJWKSet({ keys: [key.publicJwk as JWK] }),
      { issuer: 'https://hub.test', audience: 'app' },
    );
    expect(payload).toEqual(claims);
  });

  it('signs with the `typ` asked for, which jose then requires (a logout token)', async () => {
    const key = await crypto.generate();
    const token = crypto.signerFor(key).sign({ sub: 'user-1' }, 'logout+jwt');

    expect(decodeProtectedHeader(token)).toEqual({ alg: 'RS256', kid: key.kid, typ: 'logout+jwt' });
    const keys = createLocalJWKSet({ keys: [key.publicJwk as JWK] });
    expect((await jwtVerify(token, keys, { typ: 'logout+jwt' })).payload).toEqual({
      sub: 'user-1',
    });
    await expect(
      jwtVerify(crypto.signerFor(key).sign({}), keys, { typ: 'logout+jwt' }),
    ).rejects.toThrow();
  });

  it('signs with the key named by each kid, so a token signed before a rotation verifies with the previous key only', async () => {
    const [previous, current] = [await crypto.generate(), await crypto.generate()];
    const before = crypto.signerFor(previous).sign({ sub: 'a' });
    const after = crypto.signerFor(current).sign({ sub: 'b' });

    const onlyPrevious = createLocalJWKSet({ keys: [previous.publicJwk as JWK] });
    expect((await jwtVerify(before, onlyPrevious)).payload).toEqual({ sub: 'a' });
    await expect(jwtVerify(after, onlyPrevious)).rejects.toThrow();
    expect(
      (await jwtVerify(after, createLocalJWKSet({ keys: [current.publicJwk as JWK] }))).payload,
    ).toEqual({ sub: 'b' });
  });

  it('refuses a key of another algorithm', async () => {
    const key = await crypto.generate();
    expect(() => crypto.signerFor({ ...key, kid: 'es-key', alg: 'ES256' })).toThrow(
      'Signing key es-key is ES256; only RS256 keys are supported',
    );
  });
});
