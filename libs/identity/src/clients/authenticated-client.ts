import type { ClientAuthMethod } from '@gatehouse/domain';
import type { OAuthAppRecord } from './ports/oauth-app-record';

/** The client of a token-endpoint request, once authenticated. */
export interface AuthenticatedClient {
  clientId: string;
  method: ClientAuthMethod;
  /** `registered`: an app of the settings API; `metadata_document`: a client-ID metadata document URL (public). */
  kind: 'registered' | 'metadata_document';
  /** The registered app; null for metadata-document clients. */
  app: OAuthAppRecord | null;
  /** Lifetime of the access tokens this client gets (the app's setting, else 8 hours). */
  accessTokenTtlSeconds: number;
  /** The app's registered scopes ([] for metadata-document clients). */
  scopes: string[];
}

export interface ClientAuthenticationOptions {
  /** Resolve to null, instead of failing, when the request names no client at all. */
  allowMissingClientId?: boolean;
  /**
   * The client a grant belongs to (an authorization code's), taken as the client when the request
   * names none: huggingface.js exchanges codes without `client_id` (docs/hf-clients.md "OAuth and OpenID Connect").
   */
  clientIdFromGrant?: string;
  /** The request redeems a code bound to a PKCE challenge its verifier satisfied (see authenticateClient). */
  pkceBoundCode?: boolean;
}
