import { Injectable } from '@nestjs/common';
import { hashToken } from '@gatehouse/crypto';
import { classifyToken, InvalidRequest, UnauthorizedClient } from '@gatehouse/domain';
import {
  ClientAuthenticator,
  TokenRequestContext,
  TokenRevoker,
  TokenStore,
  TransactionRunner,
} from '@gatehouse/identity';

/**
 * RFC 7009 token revocation. The client authenticates as at the token endpoint. Unknown,
 * expired and already revoked tokens are a success (§2.2); `token_type_hint` is not needed, the
 * token's prefix says which store holds it. Revoking a refresh token revokes its whole grant,
 * access tokens included (§2.1 "SHOULD also invalidate").
 */
@Injectable()
export class RevocationService {
  constructor(
    private readonly clients: ClientAuthenticator,
    private readonly tokens: TokenStore,
    private readonly revoker: TokenRevoker,
    private readonly transactions: TransactionRunner,
  ) {}

  async revoke(request: TokenRequestContext): Promise<void> {
    const client = await this.clients.authenticate(request);
    const token = request.params.token;
    if (!token) throw new InvalidRequest('token is required');
    switch (classifyToken(token)) {
      case 'oauth_refresh': {
        const row = await this.tokens.findRefreshToken(hashToken(token));
        if (!row) return;
        assertOwnToken(row.clientId, client.clientId);
        await this.transactions.run((manager) =>
          this.revoker.revokeFamily(manager, row.familyId, 'revocation_request'),
        );
        return;
      }
      case 'oauth_access':
      case 'trusted_publisher': {
        const row = await this.tokens.findAccessToken(hashToken(token));
        if (!row) return;
        assertOwnToken(row.clientId, client.clientId);
        await this.transactions.run((manager) =>
          this.revoker.revokeAccessToken(manager, row.id, 'revocation_request'),
        );
        return;
      }
      default:
        // Personal tokens are not a client's to revoke, and anything else is unknown.
        return;
    }
  }
}

/** RFC 7009 §2.1: the server verifies the token was issued to the client making the request. */
function assertOwnToken(tokenClientId: string | null, clientId: string): void {
  if (tokenClientId !== clientId)
    throw new UnauthorizedClient('This token was not issued to this client');
}
