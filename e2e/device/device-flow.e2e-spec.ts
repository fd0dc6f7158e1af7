import { SHAPES, type ShapeTarget, WORKSPACE_ROOT } from '@gatehouse/testing';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as oidc from 'openid-client';
import type { Browser } from 'playwright-core';
import {
  CLI_CLIENT_ID,
  DEMO_USER,
  DEVICE_FLOW_OPTIONS,
  POLL_INTERVAL_SECONDS,
} from './support/device-flow-options';
import { shellQuote, TmuxTerminal } from './support/tmux-terminal';
import { answerOnVerificationPage, launchChromium } from './support/verification-page';

const CLI = 'dist/apps/cli/src/main.js';
const run = promisify(execFile);

// The device flow (RFC 8628) on each shape, approved through the real pages in headless Chromium:
// by openid-client's helpers, and by `gatehouse auth login` in a real terminal. One Gatehouse and
// one browser per shape serve both clients.
describe.each(SHAPES)('the device flow on $name', (shape) => {
  let gatehouse: ShapeTarget;
  let browser: Browser;

  beforeAll(async () => {
    [gatehouse, browser] = await Promise.all([shape.start(DEVICE_FLOW_OPTIONS), launchChromium()]);
  });

  afterAll(async () => {
    await browser?.close();
    await gatehouse?.stop();
  });

  describe('with openid-client', () => {
    let config: oidc.Configuration;

    beforeAll(async () => {
      config = await oidc.discovery(new URL(gatehouse.url), CLI_CLIENT_ID, undefined, oidc.None(), {
        execute: [oidc.allowInsecureRequests],
      });
    });

    it('completes: initiateDeviceAuthorization, approval on the page, pollDeviceAuthorizationGrant', async () => {
      const started = await oidc.initiateDeviceAuthorization(config, {
        scope: 'openid profile read-repos',
      });
      expect(started).toMatchObject({
        user_code: expect.stringMatching(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/),
        verification_uri: `${gatehouse.url}/oauth/device`,
        verification_uri_complete: `${gatehouse.url}/oauth/device?user_code=${started.user_code}`,
        expires_in: 900,
        interval: POLL_INTERVAL_SECONDS,
      });

      // The client polls (authorization_pending) while the user signs in and approves.
      const polling = oidc.pollDeviceAuthorizationGrant(config, started);
      const answered = await answerOnVerificationPage(
        browser,
        started.verification_uri_complete!,
        started.user_code,
        DEMO_USER,
        'Authorize',
      );
      expect(answered.consentText).toContain(
        'Only approve this if you started this sign-in yourself, on a device you own.',
      );
      expect(answered.consentText).toContain('Authorize gatehouse-cli on a device');
      expect(answered.consentText).toContain(started.user_code);
      expect(answered.heading).toBe('Device connected');

      const tokens = await polling;
      expect(tokens).toMatchObject({
        access_token: expect.stringMatching(/^hf_oauth_/),
        token_type: 'bearer',
        scope: 'openid profile read-repos',
        refresh_token: expect.stringMatching(/^hf_oauth_refresh_/),
      });
      // openid-client validated the id_token (issuer, audience, signature through the JWKS).
      const claims = tokens.claims()!;
      expect(claims).toMatchObject({
        iss: gatehouse.url,
        aud: CLI_CLIENT_ID,
        preferred_username: DEMO_USER.username,
      });
      const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
      expect(userinfo.preferred_username).toBe(DEMO_USER.username);

      // The device code was single use.
      await expect(
        oidc.pollDeviceAuthorizationGrant(config, { ...started, interval: 0 }),
      ).rejects.toMatchObject({ error: 'invalid_grant' });
    });

    it('ends with access_denied when the user denies on the page', async () => {
      const started = await oidc.initiateDeviceAuthorization(config, {});
      const polling = oidc.pollDeviceAuthorizationGrant(config, started);
      const denial = expect(polling).rejects.toMatchObject({ error: 'access_denied' });
      const answered = await answerOnVerificationPage(
        browser,
        started.verification_uri_complete!,
        started.user_code,
        DEMO_USER,
        'Deny',
      );
      expect(answered.heading).toBe('Sign-in denied');
      await denial;
    });
  });

  describe('gatehouse auth login in a terminal', () => {
    let configHome: string;
    let terminal: TmuxTerminal | undefined;

    beforeAll(() => {
      configHome = mkdtempSync(join(tmpdir(), 'gatehouse-cli-config-'));
    });

    afterAll(() => {
      terminal?.close();
      if (configHome) rmSync(configHome, { recursive: true, force: true });
    });

    /** The CLI as a user runs it, headless (no display), with this test's config directory. */
    const cli = (...args: string[]) =>
      run(process.execPath, [CLI, ...args], {
        cwd: WORKSPACE_ROOT,
        env: {
          ...process.env,
          XDG_CONFIG_HOME: configHome,
          DISPLAY: '',
          WAYLAND_DISPLAY: '',
          GATEHOUSE_ENDPOINT: '',
        },
      });

    it('logs in with the device flow, then whoami prints the user', async () => {
      terminal = new TmuxTerminal(
        `env -u DISPLAY -u WAYLAND_DISPLAY -u GATEHOUSE_ENDPOINT XDG_CONFIG_HOME=${shellQuote(configHome)} ${shellQuote(process.execPath)} ${CLI} auth login --endpoint ${gatehouse.url}`,
        WORKSPACE_ROOT,
      );
      const [, link] = await terminal.waitFor(/^\s+(http:\/\/\S+\/oauth\/device\?user_code=\S+)$/m);
      const [, userCode] = await terminal.waitFor(
        /check that it shows this code: ([A-Z]{4}-[A-Z]{4})/,
      );
      expect(link).toBe(`${gatehouse.url}/oauth/device?user_code=${userCode}`);
      // A terminal: the spinner runs while the CLI polls. Headless: no browser was opened.
      await terminal.waitFor(/Waiting for you to approve the sign-in in the browser/);
      expect(terminal.screen()).not.toContain('A browser window was opened');

      const answered = await answerOnVerificationPage(
        browser,
        link!,
        userCode!,
        DEMO_USER,
        'Authorize',
      );
      expect(answered.heading).toBe('Device connected');

      await terminal.waitFor(
        new RegExp(
          `Logged in to ${gatehouse.url.replace(/[.]/g, '\\.')} as ${DEMO_USER.username}\\.`,
        ),
      );
      await terminal.waitFor(/\[exit 0\]/);
      expect(terminal.screen()).not.toContain('Waiting for you to approve');

      const tokenFile = join(configHome, 'gatehouse', 'token.json');
      expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
      expect(statSync(join(configHome, 'gatehouse')).mode & 0o777).toBe(0o700);
      expect(JSON.parse(readFileSync(tokenFile, 'utf8'))).toEqual({
        endpoint: gatehouse.url,
        clientId: CLI_CLIENT_ID,
        accessToken: expect.stringMatching(/^hf_oauth_/),
        refreshToken: expect.stringMatching(/^hf_oauth_refresh_/),
        expiresAt: expect.any(Number),
        scope: 'openid profile email read-repos webhooks',
      });

      const whoami = await cli('auth', 'whoami');
      expect(whoami.stdout).toContain(`user: ${DEMO_USER.username}\n`);
      expect(whoami.stdout).toContain(`endpoint: ${gatehouse.url}\n`);
    });

    it('prints the stored access token, and logout revokes it', async () => {
      const { stdout: token } = await cli('auth', 'token');
      const accessToken = token.trim();
      expect(accessToken).toMatch(/^hf_oauth_/);
      const before = await fetch(`${gatehouse.url}/api/whoami-v2`, {
        headers: { Authorization: `Bearer ${accessToken}` },
      });
      expect(before.status).toBe(200);

      expect((await cli('auth', 'logout')).stdout).toBe(`Logged out of ${gatehouse.url}.\n`);
      const after = await fetch(`${gatehouse.url}/api/whoami-v2`, {
        headers: { Authorization: `Bearer ${accessToken}` },
      });
      expect(after.status).toBe(401);
      await expect(cli('auth', 'whoami')).rejects.toMatchObject({
        stderr: 'gatehouse: Not logged in. Run `gatehouse auth login` first.\n',
      });
    });
  });
});
