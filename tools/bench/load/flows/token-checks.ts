import { CredentialPool } from '../credential-pool';
import { expectStatus, Flow, FlowError, FlowState, jsonBody } from '../flow';

interface TokenState extends FlowState {
  token: string;
}

function nextToken(tokens: CredentialPool): TokenState {
  const token = tokens.next()?.accessToken;
  if (!token) throw new FlowError('no access tokens in the pool');
  return { token };
}

/** GET `path` with a bearer token from the pool; the answer must be 200 with a JSON object. */
export function bearerGet(path: string, tokens: CredentialPool): Flow<TokenState> {
  return {
    start: () => nextToken(tokens),
    steps: [
      {
        request: (flow) => ({
          method: 'GET',
          path,
          headers: { authorization: `Bearer ${flow.token}` },
        }),
        check: (_flow, answer) => {
          expectStatus(answer, 200, path);
          jsonBody(answer);
        },
      },
    ],
  };
}

/** RFC 7662 introspection of a token from the pool, authenticated with `authorization`; it must be active. */
export function introspect(
  path: string,
  authorization: string,
  tokens: CredentialPool,
): Flow<TokenState> {
  return {
    start: () => nextToken(tokens),
    steps: [
      {
        request: (flow) => ({
          method: 'POST',
          path,
          headers: { authorization },
          form: { token: flow.token },
        }),
        check: (_flow, answer) => {
          expectStatus(answer, 200, path);
          if (jsonBody<{ active?: boolean }>(answer).active !== true)
            throw new FlowError(`${path}: token not active`);
        },
      },
    ],
  };
}

/**
 * A service asking `POST path` (token-exchange's `/internal/authorize`, with the internal token in
 * `authorization`) whether the bearer of a token from the pool may read a private repository of an
 * organization: always 200, and the token must be found active (a principal in the answer).
 */
export function internalAuthorize(
  path: string,
  authorization: string,
  tokens: CredentialPool,
): Flow<TokenState> {
  return {
    start: () => nextToken(tokens),
    steps: [
      {
        request: (flow) => ({
          method: 'POST',
          path,
          headers: { authorization },
          json: {
            token: flow.token,
            action: 'repo.read',
            resource: {
              kind: 'repo',
              id: 'model/bench-org/private-model',
              ownerType: 'org',
              ownerId: 'bench-org',
              private: true,
            },
          },
        }),
        check: (_flow, answer) => {
          expectStatus(answer, 200, path);
          const decision = jsonBody<{ allow?: unknown; principal?: unknown }>(answer);
          if (typeof decision.allow !== 'boolean' || !decision.principal)
            throw new FlowError(`${path}: token not active: ${answer.body.slice(0, 200)}`);
        },
      },
    ],
  };
}
