import type { CookieJar } from '@gatehouse/testing';
import { Credentials } from '../credential-pool';
import { expectStatus, FlowError, FlowStep, header, jsonBody } from '../flow';
import { OAuthTarget } from './oauth-client';

/** The state every authorization-code flow carries to its last steps. */
export interface CodeFlowState {
  jar: CookieJar;
  state: string;
  verifier: string;
  code?: string;
  tokens?: { access_token: string; refresh_token?: string };
}

/** Reads the code from the redirect back to the app, checking it is the app's redirect URI with our state. */
export function takeCode(flow: CodeFlowState, target: OAuthTarget, location: string): void {
  const back = new URL(location, 'http://placeholder');
  if (`${back.origin}${back.pathname}` !== target.redirectUri)
    throw new FlowError(`redirected to ${location}, not the app`);
  if (back.searchParams.get('state') !== flow.state)
    throw new FlowError(`state not returned: ${location}`);
  const code = back.searchParams.get('code');
  if (!code) throw new FlowError(`no code in ${location}`);
  flow.code = code;
}

/** POST the token endpoint with the code and the PKCE verifier, as a public client. */
export function codeForTokens<S extends CodeFlowState>(target: OAuthTarget): FlowStep<S> {
  return {
    request: (flow) => ({
      method: 'POST',
      path: target.tokenPath,
      form: {
        grant_type: 'authorization_code',
        code: flow.code!,
        redirect_uri: target.redirectUri,
        code_verifier: flow.verifier,
        client_id: target.clientId,
      },
    }),
    check: (flow, answer) => {
      expectStatus(answer, 200, 'token');
      flow.tokens = jsonBody(answer);
      if (!flow.tokens?.access_token) throw new FlowError('token answer without access_token');
    },
  };
}

export function userinfo<S extends CodeFlowState>(target: OAuthTarget): FlowStep<S> {
  return {
    request: (flow) => ({
      method: 'GET',
      path: target.userinfoPath,
      headers: { authorization: `Bearer ${flow.tokens!.access_token}` },
    }),
    check: (_flow, answer) => {
      expectStatus(answer, 200, 'userinfo');
      if (!jsonBody<{ sub?: string }>(answer).sub) throw new FlowError('userinfo without sub');
    },
  };
}

/** A redirect (303 or 302) whose Location the next step follows. */
export function expectRedirect(
  answer: { status: number; headers: Record<string, string | string[]>; body: string },
  what: string,
): string {
  if (answer.status !== 303 && answer.status !== 302)
    throw new FlowError(
      `${what}: HTTP ${answer.status} (expected a redirect) ${answer.body.slice(0, 200)}`,
    );
  return header(answer, 'location');
}

export function credentialsOf(flow: CodeFlowState): Credentials {
  return {
    cookies: flow.jar.entries(),
    accessToken: flow.tokens!.access_token,
    refreshToken: flow.tokens!.refresh_token,
  };
}
