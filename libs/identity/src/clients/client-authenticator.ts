import { Injectable } from '@nestjs/common';
import { hashToken, timingSafeEqualString } from '@gatehouse/crypto';
import {
  authenticateClient,
  DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
  InvalidClient,
  isClientIdMetadataUrl,
  parseBasicAuthorization,
  presentedClient,
} from '@gatehouse/domain';
import type { OAuthAppEntity } from '@gatehouse/persistence';
import type { TokenRequestContext } from '../grants/token-request-context';
import { AuthenticatedClient, ClientAuthenticationOptions } from './authenticated-client';
import { ClientLookup } from './client-lookup';

/**
 * Client authentication at the token, revocation and device endpoints (spec 5.1, RFC 6749 §2.3):
 * `client_secret_basic`, `client_secret_post`, or `none` for public apps. Apps whose client ID is a
 * metadata-document URL are public (spec 2.2). Failures are invalid_client (401).
 */
@Injectable()
export class ClientAuthenticator {
  constructor(private readonly clients: ClientLookup) {}

  authenticate(ctx: TokenRequestContext, options: ClientAuthenticationOptions & { allowMissingClientId: true }): Promise<AuthenticatedClient | null>;
  authenticate(ctx: TokenRequestContext, options?: ClientAuthenticationOptions): Promise<AuthenticatedClient>;
  async authenticate(ctx: TokenRequestContext, options: ClientAuthenticationOptions = {}): Promise<AuthenticatedClient | null> {
    const presented = presentedClient({
      basic: parseBasicAuthorization(ctx.authorization),
      bodyClientId: ctx.params.client_id,
      bodyClientSecret: ctx.params.client_secret,
    });
    const clientId = presented.clientId ?? options.clientIdFromGrant ?? null;
    if (clientId === null) {
      if (options.allowMissingClientId) return null;
      throw new InvalidClient('client_id is required');
    }

    const app = await this.clients.findByClientId(clientId);
    if (!app) {
      if (!isClientIdMetadataUrl(clientId)) throw new InvalidClient('Unknown client', `client_id ${clientId} is not registered`);
      const { method } = authenticateClient({ presented, app: { clientId, hasSecret: false }, secretMatches: false });
      return { clientId, method, kind: 'metadata_document', app: null, accessTokenTtlSeconds: DEFAULT_ACCESS_TOKEN_TTL_SECONDS, scopes: [] };
    }

    const { method } = authenticateClient({
      presented,
      app: { clientId: app.clientId, hasSecret: app.clientSecretHash !== null },
      secretMatches: secretMatches(presented.secret, app),
      pkceBoundCode: options.pkceBoundCode,
    });
    return {
      clientId: app.clientId,
      method,
      kind: 'registered',
      app,
      accessTokenTtlSeconds: app.accessTokenTtlSeconds ?? DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
      scopes: [...app.scopes],
    };
  }
}

function secretMatches(secret: string | null, app: OAuthAppEntity): boolean {
  if (secret === null || app.clientSecretHash === null) return false;
  return timingSafeEqualString(hashToken(secret), app.clientSecretHash);
}
