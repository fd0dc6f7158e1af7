import { CookieJar } from '@gatehouse/testing';
import { pkcePair, randomState } from '../browser-state';
import { expectStatus, Flow, FlowError } from '../flow';
import { authorizePath, OAuthTarget } from './oauth-client';
import { CodeFlowState, codeForTokens, expectRedirect, takeCode, userinfo } from './oauth-steps';

interface InteractionState extends CodeFlowState {
  login: string;
  next: string;
}

function interaction(location: string): string {
  const path = new URL(location, 'http://placeholder').pathname;
  if (!path.startsWith('/interaction/'))
    throw new FlowError(`expected an interaction, got ${location}`);
  return path;
}

/**
 * A new visitor on oidc-provider with the bench's interaction pages (peers/oidc-provider-server):
 * /auth → login page → password → /auth/<uid> → consent page → confirm → /auth/<uid> → code →
 * token (PKCE) → /me. One account per repetition, as on Gatehouse.
 */
export function oidcProviderSignIn(
  target: OAuthTarget,
  login: (n: number) => string,
  password: string,
  onDone: (flow: CodeFlowState) => void,
): Flow<InteractionState> {
  let visitors = 0;
  const follow = (what: string) => ({
    request: (flow: InteractionState) => ({ method: 'GET' as const, path: flow.next }),
    check: (flow: InteractionState, answer: Parameters<typeof expectRedirect>[0]) =>
      void (flow.next = expectRedirect(answer, what)),
  });
  return {
    start: () => {
      const { verifier, challenge } = pkcePair();
      const state = randomState();
      return {
        jar: new CookieJar(),
        state,
        verifier,
        login: login(visitors++),
        next: authorizePath(target, state, challenge),
      };
    },
    steps: [
      follow('authorize'),
      {
        request: (flow) => ({ method: 'GET', path: interaction(flow.next) }),
        check: (_flow, answer) => expectStatus(answer, 200, 'sign-in page'),
      },
      {
        request: (flow) => ({
          method: 'POST',
          path: `${interaction(flow.next)}/login`,
          form: { login: flow.login, password },
        }),
        check: (flow, answer) => void (flow.next = expectRedirect(answer, 'sign-in')),
      },
      follow('resume after sign-in'),
      {
        request: (flow) => ({ method: 'GET', path: interaction(flow.next) }),
        check: (_flow, answer) => expectStatus(answer, 200, 'consent page'),
      },
      {
        request: (flow) => ({
          method: 'POST',
          path: `${interaction(flow.next)}/confirm`,
          form: {},
        }),
        check: (flow, answer) => void (flow.next = expectRedirect(answer, 'consent')),
      },
      {
        request: (flow) => ({ method: 'GET', path: flow.next }),
        check: (flow, answer) =>
          takeCode(flow, target, expectRedirect(answer, 'resume after consent')),
      },
      codeForTokens(target),
      userinfo(target),
    ],
    finish: onDone,
  };
}
