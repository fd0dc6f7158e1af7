import { RecordingHttpServer, type ScriptedAnswer } from '../testing/recording-http-server';
import { abortableSleep } from './abortable-sleep';
import { deviceLogin, type DeviceCodePrompt, type DeviceLoginOptions } from './device-login';
import { AccessDeniedError, ExpiredTokenError, GatehouseOAuthError } from './gatehouse-oauth.error';

const START_MS = Date.UTC(2026, 0, 15, 12, 0, 0);
const DEVICE_ANSWER = {
  device_code: 'dc_7Qm2xv9LkP',
  user_code: 'BDFG-HJKL',
  verification_uri: 'https://gatehouse.example.test/oauth/device',
  verification_uri_complete: 'https://gatehouse.example.test/oauth/device?user_code=BDFG-HJKL',
  expires_in: 600,
  interval: 2,
};
const TOKENS = {
  access_token: 'hf_oauth_access',
  token_type: 'bearer',
  expires_in: 3600,
  refresh_token: 'hf_oauth_refresh',
  scope: 'openid profile',
  id_token: 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln',
};
const pending = { status: 400, body: { error: 'authorization_pending' } };
const slowDown = { status: 400, body: { error: 'slow_down' } };
const granted = { status: 200, body: TOKENS };

/** A fake OAuth server: `/oauth/device` answers `device`, each poll of `/oauth/token` the next scripted answer. */
async function fakeOAuthServer(
  polls: ScriptedAnswer[],
  device: ScriptedAnswer = { status: 200, body: DEVICE_ANSWER },
) {
  const script = [...polls];
  return RecordingHttpServer.start((request) => {
    if (request.path === '/oauth/device') return device;
    return script.shift() ?? { status: 500, body: 'script exhausted' };
  });
}

/** A clock that only moves when the login sleeps, so intervals are exact and tests instant. */
function fakeTime() {
  let now = START_MS;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
  };
}

describe('deviceLogin', () => {
  let server: RecordingHttpServer | undefined;
  afterEach(() => server?.close());

  async function login(
    polls: ScriptedAnswer[],
    options: Partial<DeviceLoginOptions> = {},
    device?: ScriptedAnswer,
  ) {
    server = await fakeOAuthServer(polls, device);
    const time = fakeTime();
    const prompts: DeviceCodePrompt[] = [];
    const result = deviceLogin({
      endpoint: server.url,
      clientId: 'gatehouse-cli',
      onCode: (prompt) => {
        prompts.push(prompt);
      },
      sleep: time.sleep,
      now: time.now,
      env: {},
      ...options,
    });
    return { result, time, prompts, server };
  }

  it('shows the code, polls after each interval, slows down by 5 s on slow_down, and returns the tokens', async () => {
    const { result, time, prompts, server } = await login([pending, slowDown, granted], {
      scopes: ['openid', 'profile'],
    });
    await expect(result).resolves.toEqual({
      accessToken: 'hf_oauth_access',
      tokenType: 'bearer',
      refreshToken: 'hf_oauth_refresh',
      expiresAt: START_MS + 11_000 + 3_600_000,
      scope: 'openid profile',
      idToken: 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln',
    });
    expect(time.sleeps).toEqual([2000, 2000, 7000]);
    expect(prompts).toEqual([
      {
        userCode: 'BDFG-HJKL',
        verificationUri: 'https://gatehouse.example.test/oauth/device',
        verificationUriComplete: 'https://gatehouse.example.test/oauth/device?user_code=BDFG-HJKL',
        expiresIn: 600,
      },
    ]);
    const poll =
      'grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Adevice_code&device_code=dc_7Qm2xv9LkP&client_id=gatehouse-cli';
    expect(server.requests.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      {
        method: 'POST',
        path: '/oauth/device',
        body: 'client_id=gatehouse-cli&scope=openid+profile',
      },
      { method: 'POST', path: '/oauth/token', body: poll },
      { method: 'POST', path: '/oauth/token', body: poll },
      { method: 'POST', path: '/oauth/token', body: poll },
    ]);
    expect(server.requests[0]?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('authenticates with HTTP Basic when the app has a secret', async () => {
    const { result, server } = await login([granted], { clientSecret: 'cs_secret' });
    await result;
    const basic = `Basic ${Buffer.from('gatehouse-cli:cs_secret').toString('base64')}`;
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([basic, basic]);
    expect(server.requests[0]?.body).toBe('client_id=gatehouse-cli');
  });

  it('uses the RFC 8628 defaults when the server omits interval, expiry and the complete URI', async () => {
    const { device_code, user_code, verification_uri } = DEVICE_ANSWER;
    const { result, time, prompts } = await login(
      [granted],
      {},
      { status: 200, body: { device_code, user_code, verification_uri } },
    );
    await result;
    expect(time.sleeps).toEqual([5000]);
    expect(prompts[0]).toEqual({
      userCode: user_code,
      verificationUri: verification_uri,
      verificationUriComplete: verification_uri,
      expiresIn: 900,
    });
  });

  it('keeps polling through 5xx, non-JSON and error-less answers', async () => {
    const { result, time } = await login([
      { status: 503, body: '<html>maintenance</html>' },
      { status: 200, body: 'not json' },
      { status: 400, body: { message: 'no error field' } },
      granted,
    ]);
    await expect(result).resolves.toMatchObject({ accessToken: 'hf_oauth_access' });
    expect(time.sleeps).toEqual([2000, 2000, 2000, 2000]);
  });

  it.each([
    [
      {
        status: 400,
        body: { error: 'access_denied', error_description: 'The user denied the request.' },
      },
      AccessDeniedError,
      'access_denied: The user denied the request.',
    ],
    [{ status: 400, body: { error: 'expired_token' } }, ExpiredTokenError, 'expired_token'],
    [
      { status: 400, body: { error: 'invalid_grant', error_description: 'Unknown device code.' } },
      GatehouseOAuthError,
      'invalid_grant: Unknown device code.',
    ],
  ])('stops on a final error %#', async (answer, ErrorClass, message) => {
    const { result, time } = await login([pending, answer]);
    const failure = await result.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ErrorClass);
    expect(failure).toMatchObject({ code: answer.body.error, status: 400, message });
    expect(time.sleeps).toEqual([2000, 2000]);
  });

  it('stops at the deadline without polling past it', async () => {
    const device = { status: 200, body: { ...DEVICE_ANSWER, expires_in: 10, interval: 4 } };
    const { result, time, server } = await login([pending, pending, pending, pending], {}, device);
    await expect(result).rejects.toThrow(
      new ExpiredTokenError(
        'expired_token',
        'The code expired before the sign-in was approved.',
        undefined,
      ),
    );
    expect(time.sleeps).toEqual([4000, 4000]);
    expect(server.requests.filter((r) => r.path === '/oauth/token')).toHaveLength(2);
  });

  it('reports a refusal of the device request', async () => {
    const { result } = await login(
      [],
      {},
      { status: 401, body: { error: 'invalid_client', error_description: 'Unknown client.' } },
    );
    await expect(result).rejects.toMatchObject({
      code: 'invalid_client',
      status: 401,
      message: 'invalid_client: Unknown client.',
    });
  });

  it('stops when the signal aborts', async () => {
    const controller = new AbortController();
    const { result } = await login([pending, pending], {
      signal: controller.signal,
      sleep: (ms, signal) => {
        controller.abort(new Error('cancelled by the user'));
        return abortableSleep(ms, signal);
      },
    });
    await expect(result).rejects.toThrow('cancelled by the user');
  });
});
