import { readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { login, LoginOptions } from './login.action';
import {
  CapturedIo,
  ENDPOINT,
  FakeGatehouse,
  fakeDeps,
  pending,
  slowDown,
  tokens,
} from './testing/fake-gatehouse';

describe('gatehouse auth login', () => {
  let server: FakeGatehouse;
  let io: CapturedIo;
  const options = (overrides: Partial<LoginOptions> = {}): LoginOptions => ({
    endpoint: ENDPOINT,
    clientId: 'gatehouse-cli',
    browser: true,
    ...overrides,
  });

  beforeEach(() => {
    server = new FakeGatehouse();
    io = new CapturedIo();
    server.tokenAnswers = [pending(), slowDown(), pending(), tokens('hf_oauth_access_1')];
    server.validTokens.set('hf_oauth_access_1', { name: 'ada' });
  });

  it('prints the URL and the code, polls until approved, and stores the tokens readable by the owner only', async () => {
    const { deps, tokenPath } = fakeDeps(server);
    await login(options(), io, deps);
    expect(io.lines).toEqual([
      'To sign in, open this page in a browser (on any device):',
      `  ${ENDPOINT}/oauth/device?user_code=BCDF-GHJK`,
      'and check that it shows this code: BCDF-GHJK',
      'The code expires in 15 minutes.',
      `Logged in to ${ENDPOINT} as ada.`,
    ]);
    expect(server.requests[0]).toMatchObject({
      path: '/oauth/device',
      form: { client_id: 'gatehouse-cli' },
    });
    expect(JSON.parse(readFileSync(tokenPath, 'utf8'))).toEqual({
      endpoint: ENDPOINT,
      clientId: 'gatehouse-cli',
      accessToken: 'hf_oauth_access_1',
      refreshToken: 'hf_oauth_refresh_1',
      expiresAt: Date.UTC(2026, 0, 1, 12) + 30_000 + 28_800_000,
      scope: 'openid profile',
    });
    expect(statSync(tokenPath).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(tokenPath)).mode & 0o777).toBe(0o700);
  });

  it('honours slow_down: every wait after it is 5 s longer', async () => {
    const { deps, sleeps } = fakeDeps(server);
    await login(options(), io, deps);
    expect(sleeps).toEqual([5000, 5000, 10_000, 10_000]);
  });

  it('sends the requested scopes', async () => {
    const { deps } = fakeDeps(server);
    await login(options({ scope: 'openid  read-repos' }), io, deps);
    expect(server.requests[0]!.form).toEqual({
      client_id: 'gatehouse-cli',
      scope: 'openid read-repos',
    });
  });

  it('takes the endpoint from GATEHOUSE_ENDPOINT', async () => {
    const { deps } = fakeDeps(server, { env: { GATEHOUSE_ENDPOINT: `${ENDPOINT}/` } });
    await login(options({ endpoint: undefined }), io, deps);
    expect(io.lines.at(-1)).toBe(`Logged in to ${ENDPOINT} as ada.`);
  });

  it('opens a browser only when a display is available, and never with --no-browser', async () => {
    const headless = fakeDeps(server);
    await login(options(), io, headless.deps);
    expect(headless.opened).toEqual([]);

    server.tokenAnswers = [tokens('hf_oauth_access_1')];
    const desktop = fakeDeps(server, { canOpenBrowser: () => true });
    await login(options(), io, desktop.deps);
    expect(desktop.opened).toEqual([`${ENDPOINT}/oauth/device?user_code=BCDF-GHJK`]);

    const refused = fakeDeps(server, { canOpenBrowser: () => true });
    await login(options({ browser: false }), io, refused.deps);
    expect(refused.opened).toEqual([]);
  });

  it('spins while polling on a TTY, erasing the line at the end, and draws nothing elsewhere', async () => {
    const writes: string[] = [];
    const tty = fakeDeps(server, {
      spinnerStream: { isTTY: true, write: (text) => writes.push(text) },
    });
    await login(options(), io, tty.deps);
    expect(writes[0]).toMatch(/^\r. Waiting for you to approve the sign-in in the browser\.\.\.$/);
    expect(writes.at(-1)).toBe('\r\u001b[2K');

    server.tokenAnswers = [tokens('hf_oauth_access_1')];
    const pipe = fakeDeps(server);
    await login(options(), io, pipe.deps);
    expect(pipe.spinnerWrites).toEqual([]);
  });

  it('says so when the sign-in is denied, and stores nothing', async () => {
    server.tokenAnswers = [
      pending(),
      {
        status: 400,
        body: { error: 'access_denied', error_description: 'The user denied the request' },
      },
    ];
    const { deps, tokenPath } = fakeDeps(server);
    await expect(login(options(), io, deps)).rejects.toThrow(
      'The sign-in was denied in the browser.',
    );
    expect(() => statSync(tokenPath)).toThrow();
  });

  it('says so when the code expires', async () => {
    server.tokenAnswers = [{ status: 400, body: { error: 'expired_token' } }];
    const { deps } = fakeDeps(server);
    await expect(login(options(), io, deps)).rejects.toThrow(
      'The code expired before the sign-in was approved.',
    );
  });

  describe('--token', () => {
    it('stores a personal access token once whoami accepts it', async () => {
      server.validTokens.set('hf_personal', { name: 'ada' });
      const { deps, tokenPath } = fakeDeps(server);
      await login(options({ token: ' hf_personal ' }), io, deps);
      expect(server.paths()).toEqual(['GET /api/whoami-v2']);
      expect(JSON.parse(readFileSync(tokenPath, 'utf8'))).toEqual({
        endpoint: ENDPOINT,
        clientId: 'gatehouse-cli',
        accessToken: 'hf_personal',
      });
      expect(io.lines).toEqual([`Logged in to ${ENDPOINT} as ada.`]);
    });

    it('refuses a token the server does not accept, and one that is not hf_', async () => {
      const { deps, tokenPath } = fakeDeps(server);
      await expect(login(options({ token: 'hf_unknown' }), io, deps)).rejects.toThrow(
        'The server did not accept this token.',
      );
      await expect(login(options({ token: 'ghp_x' }), io, deps)).rejects.toThrow(
        'A personal access token starts with hf_.',
      );
      expect(() => statSync(tokenPath)).toThrow();
    });
  });

  it('refuses a missing or malformed endpoint', async () => {
    const { deps } = fakeDeps(server);
    await expect(login(options({ endpoint: undefined }), io, deps)).rejects.toThrow(
      'No Gatehouse endpoint: pass --endpoint or set GATEHOUSE_ENDPOINT.',
    );
    await expect(login(options({ endpoint: 'ftp://x' }), io, deps)).rejects.toThrow(
      'The endpoint is not an http(s) URL: ftp://x',
    );
  });
});
