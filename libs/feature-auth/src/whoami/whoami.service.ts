import { Injectable } from '@nestjs/common';
import { ApiError, buildWhoami, clientIdHostname, isClientIdMetadataUrl, Whoami, WhoamiToken } from '@gatehouse/domain';
import { AccountReader, actsAsUser, ClientLookup, orgMembershipOf, Principal, userAccountOf } from '@gatehouse/identity';

/** `GET /api/whoami-v2` in the Hugging Face shape (docs/oauth.md "Userinfo and whoami", hf-client-compatibility 5.6). */
@Injectable()
export class WhoamiService {
  constructor(
    private readonly accounts: AccountReader,
    private readonly clients: ClientLookup,
  ) {}

  async whoami(principal: Principal): Promise<Whoami> {
    if (!principal.user) throw ApiError.forbidden('This token does not act for a user');
    const user = await this.accounts.findUser(principal.user.id);
    if (!user) throw ApiError.unauthorized();
    const memberships = await this.accounts.membershipsOf(user.id);
    return buildWhoami({ user: userAccountOf(user), memberships: memberships.map(orgMembershipOf), token: await this.tokenOf(principal) });
  }

  private async tokenOf(principal: Principal): Promise<WhoamiToken> {
    if (actsAsUser(principal)) {
      return { kind: 'personal', displayName: principal.displayName ?? '', role: principal.role ?? 'read', createdAtMs: principal.createdAt.getTime() };
    }
    return {
      kind: 'oauth',
      clientId: principal.clientId ?? '',
      appName: await this.appName(principal.clientId),
      scopes: principal.scopes,
      grantedOrgIds: principal.grantedOrgIds,
      boundOrgId: principal.boundOrgId,
      createdAtMs: principal.createdAt.getTime(),
      expiresAtMs: (principal.expiresAt ?? principal.createdAt).getTime(),
    };
  }

  /** The app's name; a metadata-document app is named by its host (its document is not fetched here). */
  private async appName(clientId: string | null): Promise<string> {
    if (!clientId) return '';
    const app = await this.clients.findByClientId(clientId);
    if (app) return app.name;
    return isClientIdMetadataUrl(clientId) ? clientIdHostname(clientId) : clientId;
  }
}
