import { buildLogoutTokenClaims } from './logout-token';

describe('buildLogoutTokenClaims', () => {
  const input = {
    issuer: 'https://hub.test',
    clientId: 'notebook',
    userId: '65a000000000000000000001',
    sessionId: '65a0000000000000000000aa',
    tokenId: 'jti-1',
    nowMs: Date.UTC(2026, 0, 1, 12, 0, 0, 900),
  };

  it('names the app, the user, the session and the back-channel logout event, for two minutes', () => {
    expect(buildLogoutTokenClaims(input)).toEqual({
      iss: 'https://hub.test',
      aud: 'notebook',
      iat: Date.UTC(2026, 0, 1, 12) / 1000,
      exp: Date.UTC(2026, 0, 1, 12, 2) / 1000,
      jti: 'jti-1',
      sub: '65a000000000000000000001',
      sid: '65a0000000000000000000aa',
      events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
    });
  });

  it('leaves out `sid` when every session of the user ended, and never carries a nonce', () => {
    const claims = buildLogoutTokenClaims({ ...input, sessionId: null });
    expect(claims).not.toHaveProperty('sid');
    expect(claims).not.toHaveProperty('nonce');
    expect(claims.events).toEqual({ 'http://schemas.openid.net/event/backchannel-logout': {} });
  });
});
