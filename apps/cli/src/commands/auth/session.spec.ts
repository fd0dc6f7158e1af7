import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { logout } from './logout.action';
import { REFRESH_MARGIN_MS } from './session';
import { CapturedIo, ENDPOINT, FakeGatehouse, fakeDeps, tokens } from './testing/fake-gatehouse';
import { printToken } from './token.action';
import { readTokenFile, StoredToken, tokenFilePath, writeTokenFile } from './token-file';
import { whoami } from './whoami.action';

const NOW = Date.UTC(2026, 0, 1, 12);

describe('gatehouse auth whoami, token and logout', () => {
  let server: FakeGatehouse;
  let io: CapturedIo;

  beforeEach(() => {
    server = new FakeGatehouse();
    io = new CapturedIo();
  });

  async function loggedIn(
    token: Partial<StoredToken> = {},
    overrides: Parameters<typeof fakeDeps>[1] = {},
  ) {
    const fake = fakeDeps(server, overrides);
    await writeTokenFile(fake.tokenPath, {
      endpoint: ENDPOINT,
      clientId: 'gatehouse-cli',
      accessToken: 'hf_oauth_access_1',
      refreshToken: 'hf_oauth_refresh_1',
      expiresAt: NOW + 3600_000,
      ...token,
    });
    return fake;
  }

  describe('whoami', () => {
    it('prints the user, the organizations and the endpoint', async () => {
      server.validTokens.set('hf_oauth_access_1', {
        name: 'ada',
        orgs: [{ name: 'acme' }, { name: 'labs' }],
      });
      const { deps } = await loggedIn();
      await whoami({}, io, deps);
      expect(io.lines).toEqual(['user: ada', 'orgs: acme,labs', `endpoint: ${ENDPOINT}`]);
    });

    it('tells the user to log in when nobody is, or at another endpoint', async () => {
      const { deps } = fakeDeps(server);
      await expect(whoami({}, io, deps)).rejects.toThrow(
        'Not logged in. Run `gatehouse auth login` first.',
      );
      const other = await loggedIn();
      await expect(whoami({ endpoint: 'https://elsewhere.test' }, io, other.deps)).rejects.toThrow(
        `Not logged in at https://elsewhere.test (logged in at ${ENDPOINT}).`,
      );
    });

    it('says when the stored token is no longer accepted', async () => {
      const { deps } = await loggedIn();
      await expect(whoami({}, io, deps)).rejects.toThrow(
        'The stored token is no longer valid. Run `gatehouse auth login` again.',
      );
    });
  });

  describe('token', () => {
    it('prints the stored access token while it is fresh, without calling the server', async () => {
      const { deps } = await loggedIn();
      await printToken({}, io, deps);
      expect(io.lines).toEqual(['hf_oauth_access_1']);
      expect(server.requests).toEqual([]);
    });

    it('refreshes a token close to expiry, saves the new one, and prints it', async () => {
      server.tokenAnswers = [tokens('hf_oauth_access_2', 28_800, 'hf_oauth_refresh_2')];
      const { deps, tokenPath } = await loggedIn({ expiresAt: NOW + REFRESH_MARGIN_MS - 1 });
      await printToken({}, io, deps);
      expect(io.lines).toEqual(['hf_oauth_access_2']);
      expect(server.requests[0]).toMatchObject({
        path: '/oauth/token',
        form: {
          grant_type: 'refresh_token',
          refresh_token: 'hf_oauth_refresh_1',
          client_id: 'gatehouse-cli',
        },
      });
      expect(await readTokenFile(tokenPath)).toEqual({
        endpoint: ENDPOINT,
        clientId: 'gatehouse-cli',
        accessToken: 'hf_oauth_access_2',
        refreshToken: 'hf_oauth_refresh_2',
        expiresAt: NOW + 28_800_000,
        scope: 'openid profile',
      });
    });

    it('asks to log in again when the refresh token was revoked', async () => {
      server.tokenAnswers = [
        { status: 400, body: { error: 'invalid_grant', error_description: 'revoked' } },
      ];
      const { deps } = await loggedIn({ expiresAt: NOW - 1 });
      await expect(printToken({}, io, deps)).rejects.toThrow(
        'Your session expired or was revoked. Run `gatehouse auth login` again.',
      );
    });

    it('prints a personal access token (no expiry) as stored', async () => {
      const { deps } = await loggedIn({
        accessToken: 'hf_personal',
        refreshToken: undefined,
        expiresAt: undefined,
      });
      await printToken({}, io, deps);
      expect(io.lines).toEqual(['hf_personal']);
    });
  });

  describe('logout', () => {
    it('revokes the refresh token (and with it the grant) and deletes the file', async () => {
      const { deps, tokenPath } = await loggedIn();
      await logout(io, deps);
      expect(server.requests).toEqual([
        {
          method: 'POST',
          path: '/oauth/revoke',
          form: { token: 'hf_oauth_refresh_1', client_id: 'gatehouse-cli' },
          authorization: null,
        },
      ]);
      expect(await readTokenFile(tokenPath)).toBeNull();
      expect(io.lines).toEqual([`Logged out of ${ENDPOINT}.`]);
    });

    it('deletes the file even when the server cannot revoke, and says so', async () => {
      server.revokeStatus = 503;
      const { deps, tokenPath } = await loggedIn();
      await logout(io, deps);
      expect(await readTokenFile(tokenPath)).toBeNull();
      expect(io.errors).toEqual([
        `The server at ${ENDPOINT} could not revoke the token (it answered 503); it stays valid until it expires.`,
      ]);
    });

    it('only forgets a personal access token', async () => {
      const { deps, tokenPath } = await loggedIn({
        accessToken: 'hf_personal',
        refreshToken: undefined,
        expiresAt: undefined,
      });
      await logout(io, deps);
      expect(server.requests).toEqual([]);
      expect(await readTokenFile(tokenPath)).toBeNull();
    });

    it('says when nobody is logged in', async () => {
      const { deps } = fakeDeps(server);
      await logout(io, deps);
      expect(io.lines).toEqual(['Not logged in.']);
    });
  });

  describe('the token file', () => {
    it('lives under $XDG_CONFIG_HOME when it is absolute, else ~/.config', () => {
      expect(tokenFilePath({ XDG_CONFIG_HOME: '/xdg' }, '/home/ada')).toBe(
        '/xdg/gatehouse/token.json',
      );
      expect(tokenFilePath({ XDG_CONFIG_HOME: 'relative' }, '/home/ada')).toBe(
        '/home/ada/.config/gatehouse/token.json',
      );
      expect(tokenFilePath({}, '/home/ada')).toBe('/home/ada/.config/gatehouse/token.json');
    });

    it('names a file that is not a token file', async () => {
      const { tokenPath, home } = await loggedIn();
      writeFileSync(tokenPath, '{"endpoint": 1}');
      await expect(readTokenFile(tokenPath)).rejects.toThrow(
        `${join(home, '.config', 'gatehouse', 'token.json')} is not a Gatehouse token file`,
      );
      writeFileSync(tokenPath, 'nope');
      await expect(readTokenFile(tokenPath)).rejects.toThrow('is not valid JSON');
      expect(readFileSync(tokenPath, 'utf8')).toBe('nope');
    });
  });
});
