/** The paths of an authorization server and the app a flow plays. */
export interface OAuthTarget {
  authorizePath: string;
  tokenPath: string;
  userinfoPath: string;
  clientId: string;
  redirectUri: string;
  scope: string;
}

export function authorizePath(target: OAuthTarget, state: string, challenge: string): string {
  const query = new URLSearchParams({
    client_id: target.clientId,
    redirect_uri: target.redirectUri,
    response_type: 'code',
    scope: target.scope,
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  return `${target.authorizePath}?${query}`;
}
