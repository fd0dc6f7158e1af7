import { CredentialPool } from '../credential-pool';
import { expectStatus, Flow, FlowError, FlowState, jsonBody, type StepRequest } from '../flow';

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

/**
 * One POST to `path`, authenticated with `authorization`, about a token from the pool: the answer
 * must be 200 and pass `active`, which says what in the JSON shows the token was found active.
 */
function tokenQuery(
  path: string,
  authorization: string,
  tokens: CredentialPool,
  body: (token: string) => Pick<StepRequest, 'form' | 'json'>,
  active: (answer: Record<string, unknown>) => boolean,
): Flow<TokenState> {
  return {
    start: () => nextToken(tokens),
    steps: [
      {
        request: (flow) => ({
          method: 'POST',
          path,
          headers: { authorization },
          ...body(flow.token),
        }),
        check: (_flow, answer) => {
          expectStatus(answer, 200, path);
          if (!active(jsonBody<Record<string, unknown>>(answer)))
            throw new FlowError(`${path}: token not active: ${answer.body.slice(0, 200)}`);
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
  return tokenQuery(
    path,
    authorization,
    tokens,
    (token) => ({ form: { token } }),
    (answer) => answer.active === true,
  );
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
  return tokenQuery(
    path,
    authorization,
    tokens,
    (token) => ({
      json: {
        token,
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
    (decision) => typeof decision.allow === 'boolean' && Boolean(decision.principal),
  );
}
