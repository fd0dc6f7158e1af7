import { CookieJar } from '@gatehouse/testing';
import { pkcePair, randomState } from '../browser-state';
import { CredentialPool } from '../credential-pool';
import { Flow, FlowError } from '../flow';
import { authorizePath, OAuthTarget } from './oauth-client';
import { CodeFlowState, codeForTokens, expectRedirect, takeCode, userinfo } from './oauth-steps';

interface ReturningState extends CodeFlowState {
  authorize: string;
}

/**
 * A browser that signed in earlier and consented to the app: authorize (answered at once with a
 * code) → token (PKCE) → userinfo. Sessions come from `sessions`, in turn.
 */
export function returningUser(target: OAuthTarget, sessions: CredentialPool): Flow<ReturningState> {
  return {
    start: () => {
      const session = sessions.next();
      if (!session) throw new FlowError('no signed-in sessions to return with');
      const { verifier, challenge } = pkcePair();
      const state = randomState();
      return {
        jar: new CookieJar(session.cookies),
        state,
        verifier,
        authorize: authorizePath(target, state, challenge),
      };
    },
    steps: [
      {
        request: (flow) => ({ method: 'GET', path: flow.authorize }),
        check: (flow, answer) =>
          takeCode(flow, target, expectRedirect(answer, 'authorize with a session')),
      },
      codeForTokens(target),
      userinfo(target),
    ],
  };
}
