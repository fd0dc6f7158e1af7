import { RecordingHttpServer, type ScriptedAnswer } from '../testing/recording-http-server';
import { GatehouseOAuthError } from './gatehouse-oauth.error';
import { refreshTokens } from './refresh-tokens';

const NOW_MS = Date.UTC(2026, 0, 15, 12, 0, 0);

describe('refreshTokens', () => {
  let server: RecordingHttpServer;
  afterEach(() => server.close());

  async function refresh(answer: ScriptedAnswer) {
    server = await RecordingHttpServer.start(() => answer);
    return refreshTokens({
      endpoint: server.url,
      clientId: 'gatehouse-cli',
      refreshToken: 'hf_oauth_refresh_1',
      now: () => NOW_MS,
      env: {},
    });
  }

  it('posts the refresh grant and returns the rotated tokens', async () => {
    const tokens = await refresh({
      status: 200,
      body: {
        access_token: 'hf_oauth_2',
        token_type: 'bearer',
        expires_in: 28800,
        refresh_token: 'hf_oauth_refresh_2',
        scope: 'openid',
      },
    });
    expect(tokens).toEqual({
      accessToken: 'hf_oauth_2',
      tokenType: 'bearer',
      refreshToken: 'hf_oauth_refresh_2',
      expiresAt: NOW_MS + 28_800_000,
      scope: 'openid',
    });
    expect(server.requests.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      {
        method: 'POST',
        path: '/oauth/token',
        body: 'grant_type=refresh_token&refresh_token=hf_oauth_refresh_1&client_id=gatehouse-cli',
      },
    ]);
  });

  it('keeps the refresh token when the server does not rotate it', async () => {
    const tokens = await refresh({
      status: 200,
      body: { access_token: 'hf_oauth_2', token_type: 'bearer', expires_in: 60 },
    });
    expect(tokens.refreshToken).toBe('hf_oauth_refresh_1');
  });

  it('raises invalid_grant for a revoked refresh token', async () => {
    const failure = await refresh({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'The refresh token was revoked.' },
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GatehouseOAuthError);
    expect(failure).toMatchObject({
      code: 'invalid_grant',
      status: 400,
      description: 'The refresh token was revoked.',
    });
  });
});
