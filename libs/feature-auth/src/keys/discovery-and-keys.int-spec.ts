import { TEST_ENCRYPTION_KEY } from '@gatehouse/identity/testing';
import { SigningKeyEntity } from '@gatehouse/persistence';
import { waitUntil } from '@gatehouse/testing';
import { createLocalJWKSet, decodeProtectedHeader, JSONWebKeySet, jwtVerify } from 'jose';
import { startTokenTestApp, TEST_PUBLIC_URL, TokenTestApp } from '../testing/token-test-app';
import { rotateSigningKeys } from './infrastructure/rotate-signing-keys';

describe('discovery, JWKS and key rotation', () => {
  let app: TokenTestApp;
  let userId: string;
  /** An id_token signed with the first key, kept for the second rotation. */
  let signedWithFirstKey: string;

  beforeAll(async () => {
    app = await startTokenTestApp();
    userId = (await app.seedUser('ada')).id;
    await app.seedApp('notebook');
  });

  afterAll(async () => {
    await app?.close();
  });

  const jwks = async (): Promise<JSONWebKeySet> =>
    (await (await fetch(`${app.url}/oauth/jwks`)).json()) as JSONWebKeySet;
  // A rotation made by another process (the CLI) is picked up by a background refresh once the
  // cache expires (its TTL is 0 here), so the JWKS shows it on a following request.
  const jwksShowing = (kids: Array<string | null | undefined>): Promise<JSONWebKeySet> => {
    let published: JSONWebKeySet = { keys: [] };
    return waitUntil(
      `the JWKS to show ${JSON.stringify(kids)}`,
      async () => {
        published = await jwks();
        return (
          JSON.stringify(published.keys.map((key) => key.kid)) === JSON.stringify(kids) && published
        );
      },
      {
        intervalMs: 50,
        detail: () => `it shows ${JSON.stringify(published.keys.map((key) => key.kid))}`,
      },
    );
  };
  const signIn = async (nonce: string) =>
    app.issue({
      kind: 'oauth',
      userId,
      clientId: 'notebook',
      scopes: ['openid', 'profile'],
      orgIds: [],
      ttlSeconds: 3600,
      withRefreshToken: false,
      idToken: true,
      nonce,
    });
  const verify = async (idToken: string, keys: JSONWebKeySet) =>
    (
      await jwtVerify(idToken, createLocalJWKSet(keys), {
        issuer: TEST_PUBLIC_URL,
        audience: 'notebook',
        algorithms: ['RS256'],
      })
    ).payload;

  it.each(['/.well-known/openid-configuration', '/.well-known/oauth-authorization-server'])(
    'serves %s',
    async (path) => {
      const res = await fetch(`${app.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=300');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      const document = (await res.json()) as Record<string, unknown>;
      expect(document).toMatchObject({
        issuer: 'https://hub.test',
        authorization_endpoint: 'https://hub.test/oauth/authorize',
        token_endpoint: 'https://hub.test/oauth/token',
        userinfo_endpoint: 'https://hub.test/oauth/userinfo',
        jwks_uri: 'https://hub.test/oauth/jwks',
        revocation_endpoint: 'https://hub.test/oauth/revoke',
        introspection_endpoint: 'https://hub.test/oauth/introspect',
        device_authorization_endpoint: 'https://hub.test/oauth/device',
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: [
          'none',
          'client_secret_basic',
          'client_secret_post',
        ],
        id_token_signing_alg_values_supported: ['RS256'],
        subject_types_supported: ['public'],
        client_id_metadata_document_supported: true,
        authorization_response_iss_parameter_supported: true,
      });
      expect(document.scopes_supported).toHaveLength(18);
      // The grants of the handlers this app registered (the token modules alone): discovery derives
      // the list from the registry. The services' full list is checked in e2e/stack.
      expect(document.grant_types_supported).toEqual(['refresh_token']);
    },
  );

  it('publishes one RS256 public key, made on first use, with no private part', async () => {
    const res = await fetch(`${app.url}/oauth/jwks`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const { keys } = (await res.json()) as JSONWebKeySet;
    expect(keys).toHaveLength(1);
    expect(Object.keys(keys[0]!).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', e: 'AQAB' });
  });

  it('stores the private key sealed', async () => {
    const [stored] = await app.dataSource.manager.find(SigningKeyEntity);
    expect(stored!.status).toBe('current');
    expect(stored!.privateJwkEncrypted).toMatch(/^v1\./);
    expect(stored!.privateJwkEncrypted).not.toContain('"d"');
  });

  it('signs id_tokens that verify against the JWKS', async () => {
    const { id_token } = await signIn('n-1');
    expect(await verify(id_token!, await jwks())).toMatchObject({
      iss: 'https://hub.test',
      aud: 'notebook',
      sub: userId,
      nonce: 'n-1',
      preferred_username: 'ada',
    });
  });

  it('after a rotation, publishes the previous key too: id_tokens signed with either verify', async () => {
    const before = await signIn('n-before');
    signedWithFirstKey = before.id_token!;
    const [oldKey] = (await jwks()).keys;

    const rotated = await rotateSigningKeys(app.dataSource, TEST_ENCRYPTION_KEY);
    expect(rotated.previous).toBe(oldKey!.kid);
    expect(rotated.current).not.toBe(oldKey!.kid);

    const published = await jwksShowing([rotated.current, rotated.previous]);
    expect(published.keys.map((key) => key.kid)).toEqual([rotated.current, rotated.previous]);
    const after = await signIn('n-after');
    expect(decodeProtectedHeader(after.id_token!)).toEqual({
      alg: 'RS256',
      kid: rotated.current,
      typ: 'JWT',
    });
    expect(decodeProtectedHeader(before.id_token!).kid).toBe(oldKey!.kid);
    expect((await verify(before.id_token!, published)).nonce).toBe('n-before');
    expect((await verify(after.id_token!, published)).nonce).toBe('n-after');
  });

  it('a second rotation retires the oldest key: its id_tokens no longer verify', async () => {
    const [current] = (await jwks()).keys;
    const signedNow = await signIn('n-now');
    const oldest = await app.dataSource.manager.findOneByOrFail(SigningKeyEntity, {
      status: 'previous',
    });
    expect(decodeProtectedHeader(signedWithFirstKey).kid).toBe(oldest.kid);

    const rotated = await rotateSigningKeys(app.dataSource, TEST_ENCRYPTION_KEY);
    expect(rotated.previous).toBe(current!.kid);
    const published = await jwksShowing([rotated.current, current!.kid]);
    expect(published.keys.map((key) => key.kid)).toEqual([rotated.current, current!.kid]);
    expect((await verify(signedNow.id_token!, published)).nonce).toBe('n-now');
    expect(
      await app.dataSource.manager.findOneByOrFail(SigningKeyEntity, { kid: oldest.kid }),
    ).toMatchObject({ status: 'retired' });
    await expect(verify(signedWithFirstKey, published)).rejects.toMatchObject({
      code: 'ERR_JWKS_NO_MATCHING_KEY',
    });
  });
});
