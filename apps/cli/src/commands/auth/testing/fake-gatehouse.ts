import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CliIo } from '../../../cli-io';
import type { AuthDeps } from '../auth-deps';
import type { StoredLogin } from '../stored-login';

export const ENDPOINT = 'https://gatehouse.test';

type JsonAnswer = { status: number; body: unknown };

/**
 * A Gatehouse answering the auth commands' requests through `fetch`, scripted per test: the
 * answers to successive token polls, the tokens whoami accepts. Every request is recorded.
 */
export class FakeGatehouse {
  readonly requests: Array<{
    method: string;
    path: string;
    form: Record<string, string>;
    authorization: string | null;
  }> = [];
  /** Answers to successive POST /oauth/token requests; the last one repeats. */
  tokenAnswers: JsonAnswer[] = [];
  validTokens = new Map<string, { name: string; orgs?: Array<{ name: string }> }>();
  revokeStatus = 200;

  readonly fetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const form = Object.fromEntries(
      new URLSearchParams(typeof init?.body === 'string' ? init.body : ''),
    );
    const authorization = new Headers(init?.headers).get('authorization');
    this.requests.push({ method: init?.method ?? 'GET', path: url.pathname, form, authorization });
    if (url.pathname === '/oauth/device') {
      return json(200, {
        device_code: 'device-code-1',
        user_code: 'BCDF-GHJK',
        verification_uri: `${ENDPOINT}/oauth/device`,
        verification_uri_complete: `${ENDPOINT}/oauth/device?user_code=BCDF-GHJK`,
        expires_in: 900,
        interval: 5,
      });
    }
    if (url.pathname === '/oauth/token') {
      const answer =
        this.tokenAnswers.length > 1 ? this.tokenAnswers.shift()! : this.tokenAnswers[0]!;
      return json(answer.status, answer.body);
    }
    if (url.pathname === '/oauth/revoke') return new Response(null, { status: this.revokeStatus });
    if (url.pathname === '/api/whoami-v2') {
      const user = this.validTokens.get(authorization?.replace(/^Bearer /, '') ?? '');
      return user
        ? json(200, { type: 'user', id: 'u1', ...user })
        : json(401, { error: 'Invalid credentials in Authorization header' });
    }
    return json(404, { error: 'not found' });
  };

  paths(): string[] {
    return this.requests.map((request) => `${request.method} ${request.path}`);
  }
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export const pending = (): JsonAnswer => ({
  status: 400,
  body: { error: 'authorization_pending', error_description: 'waiting' },
});
export const slowDown = (): JsonAnswer => ({
  status: 400,
  body: { error: 'slow_down', error_description: 'too fast' },
});
export const tokens = (
  accessToken: string,
  expiresIn = 28_800,
  refreshToken = 'hf_oauth_refresh_1',
): JsonAnswer => ({
  status: 200,
  body: {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: expiresIn,
    scope: 'openid profile',
    refresh_token: refreshToken,
  },
});

/** Nobody logged in, for commands given their endpoint and token outright. */
export const NOBODY_LOGGED_IN: StoredLogin = {
  read: async () => null,
  accessToken: async () => {
    throw new Error('nobody is logged in');
  },
};

/** Output of a command, line by line. */
export class CapturedIo implements CliIo {
  readonly lines: string[] = [];
  readonly errors: string[] = [];
  out(text: string): void {
    this.lines.push(...text.split('\n'));
  }
  err(text: string): void {
    this.errors.push(...text.split('\n'));
  }
}

/** The auth commands' ports on a fake server, a fresh home directory, a frozen clock and recorded sleeps. */
export function fakeDeps(server: FakeGatehouse, overrides: Partial<AuthDeps> = {}) {
  const home = mkdtempSync(join(tmpdir(), 'gatehouse-cli-auth-'));
  const sleeps: number[] = [];
  const opened: string[] = [];
  const spinnerWrites: string[] = [];
  let nowMs = Date.UTC(2026, 0, 1, 12);
  const deps: AuthDeps = {
    env: {},
    homedir: home,
    fetch: server.fetch,
    now: () => nowMs,
    canOpenBrowser: () => false,
    openBrowser: async (url) => {
      opened.push(url);
      return true;
    },
    spinnerStream: { isTTY: false, write: (text) => spinnerWrites.push(text) },
    sleep: async (ms) => {
      sleeps.push(ms);
      nowMs += ms;
    },
    ...overrides,
  };
  return {
    deps,
    home,
    sleeps,
    opened,
    spinnerWrites,
    advance: (ms: number) => (nowMs += ms),
    tokenPath: join(home, '.config', 'gatehouse', 'token.json'),
  };
}
