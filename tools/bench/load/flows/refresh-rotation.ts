import { CredentialPool } from '../credential-pool';
import { expectStatus, Flow, FlowError, FlowState, jsonBody } from '../flow';
import { OAuthTarget } from './oauth-client';

interface RefreshState extends FlowState {
  refreshToken: string;
  rotated?: string;
}

/**
 * refresh_token grant with rotation: each refresh token is used once and its successor goes back
 * into the pool for a later repetition.
 */
export function refreshRotation(target: OAuthTarget, tokens: CredentialPool): Flow<RefreshState> {
  return {
    start: () => {
      const refreshToken = tokens.take()?.refreshToken;
      if (!refreshToken) throw new FlowError('no refresh token left in the pool');
      return { refreshToken };
    },
    steps: [
      {
        request: (flow) => ({
          method: 'POST',
          path: target.tokenPath,
          form: {
            grant_type: 'refresh_token',
            refresh_token: flow.refreshToken,
            client_id: target.clientId,
          },
        }),
        check: (flow, answer) => {
          expectStatus(answer, 200, 'refresh');
          const body = jsonBody<{ access_token?: string; refresh_token?: string }>(answer);
          if (!body.access_token || !body.refresh_token)
            throw new FlowError('refresh answer without a new token pair');
          if (body.refresh_token === flow.refreshToken)
            throw new FlowError('refresh token not rotated');
          flow.rotated = body.refresh_token;
        },
      },
    ],
    finish: (flow) => tokens.add({ cookies: [], accessToken: '', refreshToken: flow.rotated }),
  };
}
