import { CookieJar } from '@gatehouse/testing';
import { formField, pkcePair, randomState } from '../browser-state';
import { expectStatus, Flow } from '../flow';
import { authorizePath, OAuthTarget } from './oauth-client';
import { CodeFlowState, codeForTokens, expectRedirect, takeCode, userinfo } from './oauth-steps';

interface SignInState extends CodeFlowState {
  login: string;
  next: string;
  form: Record<string, string>;
}

/**
 * A new visitor on Gatehouse's pages: authorize → sign-in page → password → authorize again →
 * consent page → consent → code → token (PKCE) → userinfo. Every repetition is another account
 * (`login(n)`), so the consent page is always asked.
 */
export function gatehouseSignIn(
  target: OAuthTarget,
  login: (n: number) => string,
  password: string,
  onDone: (flow: CodeFlowState) => void,
): Flow<SignInState> {
  let visitors = 0;
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
        form: {},
      };
    },
    steps: [
      {
        request: (flow) => ({ method: 'GET', path: flow.next }),
        check: (flow, answer) => void (flow.next = expectRedirect(answer, 'authorize')),
      },
      {
        request: (flow) => ({ method: 'GET', path: flow.next }),
        check: (flow, answer) => {
          expectStatus(answer, 200, 'sign-in page');
          flow.form = {
            csrf_token: formField(answer.body, 'csrf_token'),
            return_to: formField(answer.body, 'return_to'),
          };
        },
      },
      {
        request: (flow) => ({
          method: 'POST',
          path: '/oauth/login',
          form: { ...flow.form, login: flow.login, password },
        }),
        check: (flow, answer) => void (flow.next = expectRedirect(answer, 'sign-in')),
      },
      {
        request: (flow) => ({ method: 'GET', path: flow.next }),
        check: (flow, answer) => void (flow.next = expectRedirect(answer, 'authorize, signed in')),
      },
      {
        request: (flow) => ({ method: 'GET', path: flow.next }),
        check: (flow, answer) => {
          expectStatus(answer, 200, 'consent page');
          flow.form = {
            csrf_token: formField(answer.body, 'csrf_token'),
            consent_id: formField(answer.body, 'consent_id'),
          };
        },
      },
      {
        request: (flow) => ({
          method: 'POST',
          path: '/oauth/consent',
          form: { ...flow.form, decision: 'authorize' },
        }),
        check: (flow, answer) => takeCode(flow, target, expectRedirect(answer, 'consent')),
      },
      codeForTokens(target),
      userinfo(target),
    ],
    finish: onDone,
  };
}
