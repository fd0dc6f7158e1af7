import { createHash } from 'node:crypto';
import { PUBLIC_URL, ada } from './__fixtures__/accounts';
import { ID_TOKEN_TTL_SECONDS, atHash, buildIdTokenClaims } from './id-token-claims';

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const AUTH_TIME = NOW - 90_000;
const base = {
  issuer: PUBLIC_URL,
  publicUrl: PUBLIC_URL,
  clientId: 'app-1',
  user: ada,
  nowMs: NOW,
  authTimeMs: AUTH_TIME,
};

describe('atHash', () => {
  it('is the base64url left half of SHA-256 of the access token', () => {
    const token = 'hf_oauth_Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb3dEf6hIj9';
    const digest = createHash('sha256').update(token).digest();
    expect(atHash(token)).toBe(digest.subarray(0, 16).toString('base64url'));
    expect(atHash(token)).toHaveLength(22);
  });

  // OpenID Connect Core 1.0 errata set, id_token example: at_hash of this access token.
  it('matches the OIDC Core example value', () => {
    expect(atHash('jHkWEdUXMU1BwAsC4vtUsZwnNvTIxEl0z9K3vx5KF0Y')).toBe('77QmUPtjPfzWtF2AnpK9RQ');
  });
});

describe('buildIdTokenClaims', () => {
  it('carries every claim with openid profile email, a nonce and an access token', () => {
    expect(
      buildIdTokenClaims({
        ...base,
        scopes: ['openid', 'profile', 'email'],
        nonce: 'n-0S6_WzA2Mj',
        accessToken: 'hf_oauth_token',
      }),
    ).toEqual({
      iss: PUBLIC_URL,
      sub: ada.id,
      aud: 'app-1',
      iat: NOW / 1000,
      exp: NOW / 1000 + ID_TOKEN_TTL_SECONDS,
      auth_time: AUTH_TIME / 1000,
      nonce: 'n-0S6_WzA2Mj',
      at_hash: atHash('hf_oauth_token'),
      name: 'Ada Lovelace',
      preferred_username: 'ada',
      picture: 'https://hub.example.com/avatars/ada.svg',
      profile: 'https://hub.example.com/ada',
      website: 'https://ada.example.com',
      email: 'ada@example.com',
      email_verified: true,
    });
  });

  it('leaves out nonce when none was sent, and email without the email scope', () => {
    const claims = buildIdTokenClaims({
      ...base,
      scopes: ['openid', 'profile'],
      nonce: null,
      ttlSeconds: 600,
    });
    expect(claims).not.toHaveProperty('nonce');
    expect(claims).not.toHaveProperty('at_hash');
    expect(claims).not.toHaveProperty('email');
    expect(claims).not.toHaveProperty('email_verified');
    expect(claims.exp - claims.iat).toBe(600);
    expect(claims.preferred_username).toBe('ada');
  });

  it('names the sign-in session in `sid` when the grant knows it', () => {
    const scopes = ['openid'];
    expect(buildIdTokenClaims({ ...base, scopes, sessionId: '65a0000000000000000000aa' }).sid).toBe(
      '65a0000000000000000000aa',
    );
    expect(buildIdTokenClaims({ ...base, scopes, sessionId: null })).not.toHaveProperty('sid');
  });

  it('leaves out profile claims without the profile scope', () => {
    expect(buildIdTokenClaims({ ...base, scopes: ['openid', 'email'] })).toEqual({
      iss: PUBLIC_URL,
      sub: ada.id,
      aud: 'app-1',
      iat: NOW / 1000,
      exp: NOW / 1000 + 3600,
      auth_time: AUTH_TIME / 1000,
      email: 'ada@example.com',
      email_verified: true,
    });
  });

  it('leaves out website when the user has none and email when the user has none', () => {
    const claims = buildIdTokenClaims({
      ...base,
      user: { ...ada, websiteUrl: null, email: null, avatarUrl: 'https://cdn.example.com/a.png' },
      scopes: ['openid', 'profile', 'email'],
    });
    expect(claims).not.toHaveProperty('website');
    expect(claims).not.toHaveProperty('email');
    expect(claims.picture).toBe('https://cdn.example.com/a.png');
  });

  it('floors times to whole seconds', () => {
    const claims = buildIdTokenClaims({
      ...base,
      nowMs: NOW + 999,
      authTimeMs: AUTH_TIME + 999,
      scopes: ['openid'],
    });
    expect(claims.iat).toBe(NOW / 1000);
    expect(claims.auth_time).toBe(AUTH_TIME / 1000);
  });
});
