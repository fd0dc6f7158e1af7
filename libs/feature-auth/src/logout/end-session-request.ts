/** The parameters of an RP-initiated logout request (OpenID Connect RP-Initiated Logout 1.0 §2). */
export interface EndSessionRequest {
  idTokenHint: string | null;
  clientId: string | null;
  postLogoutRedirectUri: string | null;
  state: string | null;
}

const MAX_PARAMETER_LENGTH = 8192;

/**
 * The request's parameters from the query (GET) or the form (POST); each one a single string, or
 * absent. A repeated or over-long parameter makes the request invalid (null).
 */
export function endSessionRequestOf(params: Record<string, unknown>): EndSessionRequest | null {
  const values: Array<string | null> = [];
  for (const name of ['id_token_hint', 'client_id', 'post_logout_redirect_uri', 'state']) {
    const value = params[name];
    if (value === undefined || value === '') values.push(null);
    else if (typeof value === 'string' && value.length <= MAX_PARAMETER_LENGTH) values.push(value);
    else return null;
  }
  const [idTokenHint, clientId, postLogoutRedirectUri, state] = values;
  return {
    idTokenHint: idTokenHint!,
    clientId: clientId!,
    postLogoutRedirectUri: postLogoutRedirectUri!,
    state: state!,
  };
}

/** Where the browser goes once signed out: the registered URI with `state` added (§3). */
export function postLogoutLocation(uri: string, state: string | null): string {
  if (state === null) return uri;
  const url = new URL(uri);
  url.searchParams.append('state', state);
  return url.toString();
}
