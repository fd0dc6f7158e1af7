import {
  CODE_CHALLENGE_METHODS_SUPPORTED,
  inDiscoveryOrder,
  SCOPES_SUPPORTED,
  TOKEN_ENDPOINT_AUTH_METHODS,
} from '@gatehouse/domain';

/** Claims the id_token and userinfo may carry (docs/oauth.md "Token formats and lifetimes", "Userinfo and whoami"). */
export const CLAIMS_SUPPORTED = [
  'iss',
  'sub',
  'aud',
  'exp',
  'iat',
  'auth_time',
  'sid',
  'nonce',
  'at_hash',
  'name',
  'preferred_username',
  'picture',
  'profile',
  'website',
  'email',
  'email_verified',
  'isPro',
  'canPay',
  'orgs',
  'organizations',
] as const;

/**
 * The metadata served at `/.well-known/openid-configuration` (OpenID Connect Discovery 1.0 §3) and
 * `/.well-known/oauth-authorization-server` (RFC 8414 §2): one document, every endpoint under the
 * issuer. `none` is listed among the token endpoint methods and `client_id_metadata_document_supported`
 * is set, which MCP clients check together. `grantTypes` are those of the grant handlers the
 * service registered (GrantHandlerRegistry), so the list cannot claim a grant nobody handles.
 */
export function buildDiscoveryDocument(issuer: string, grantTypes: Iterable<string>) {
  const base = issuer.replace(/\/+$/, '');
  return {
    issuer: base,
    authorization_endpoint: `${base}/oauth/authorize`,
    token_endpoint: `${base}/oauth/token`,
    userinfo_endpoint: `${base}/oauth/userinfo`,
    jwks_uri: `${base}/oauth/jwks`,
    revocation_endpoint: `${base}/oauth/revoke`,
    introspection_endpoint: `${base}/oauth/introspect`,
    device_authorization_endpoint: `${base}/oauth/device`,
    end_session_endpoint: `${base}/oauth/end-session`,
    scopes_supported: [...SCOPES_SUPPORTED],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: inDiscoveryOrder(grantTypes),
    code_challenge_methods_supported: [...CODE_CHALLENGE_METHODS_SUPPORTED],
    token_endpoint_auth_methods_supported: [
      'none',
      ...TOKEN_ENDPOINT_AUTH_METHODS.filter((method) => method !== 'none'),
    ],
    revocation_endpoint_auth_methods_supported: [
      'none',
      'client_secret_basic',
      'client_secret_post',
    ],
    id_token_signing_alg_values_supported: ['RS256'],
    subject_types_supported: ['public'],
    claims_supported: [...CLAIMS_SUPPORTED],
    client_id_metadata_document_supported: true,
    authorization_response_iss_parameter_supported: true,
    // OpenID Connect Back-Channel Logout 1.0 §2.1: logout tokens, with `sid` when the app asks.
    backchannel_logout_supported: true,
    backchannel_logout_session_supported: true,
  };
}

export type DiscoveryDocument = ReturnType<typeof buildDiscoveryDocument>;
