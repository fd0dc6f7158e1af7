import { Injectable } from '@nestjs/common';
import {
  ApiError,
  buildWhoami,
  clientIdHostname,
  isClientIdMetadataUrl,
  Whoami,
  WhoamiToken,
} from '@gatehouse/domain';
import { AccountReader, ClientLookup, Principal, principalAccount } from '@gatehouse/identity';

/** `GET /api/whoami-v2` in the Hugging Face shape (docs/oauth.md "Userinfo and whoami", docs/hf-clients.md "Token prefixes and whoami-v2"). */
@Injectable()
export class WhoamiService {
  constructor(
    private readonly accounts: AccountReader,
    private readonly clients: ClientLookup,
  ) {}

  async whoami(principal: Principal): Promise<Whoami> {
    if (!principal.user) throw ApiError.forbidden('This token does not act for a user');
    const account = await principalAccount(principal, this.accounts);
    if (!account) throw ApiError.unauthorized();
    return buildWhoami({
      user: account.user,
      memberships: account.memberships,
      token: await this.tokenOf(principal),
    });
  }

  private async tokenOf(principal: Principal): Promise<WhoamiToken> {
    if (principal.kind === 'personal' || principal.kind === 'session') {
      return {
        kind: 'personal',
        displayName: principal.displayName ?? '',
        role: principal.role ?? 'read',
        fineGrained: principal.fineGrained ?? null,
        createdAtMs: principal.createdAt.getTime(),
        expiresAtMs:
          principal.kind === 'personal' && principal.expiresAt
            ? principal.expiresAt.getTime()
            : null,
      };
    }
    return {
      kind: 'oauth',
      clientId: principal.clientId ?? '',
      appName: await this.appName(principal),
      scopes: principal.scopes,
      grantedOrgIds: principal.grantedOrgIds,
      boundOrgId: principal.boundOrgId,
      createdAtMs: principal.createdAt.getTime(),
      expiresAtMs: (principal.expiresAt ?? principal.createdAt).getTime(),
    };
  }

  /**
   * The app's name, as read with the token when it was; a metadata-document app is named by its
   * host (its document is not fetched here).
   */
  private async appName({ clientId, appName }: Principal): Promise<string> {
    if (!clientId) return '';
    if (appName) return appName;
    const app = appName === undefined ? await this.clients.findByClientId(clientId) : null;
    if (app) return app.name;
    return isClientIdMetadataUrl(clientId) ? clientIdHostname(clientId) : clientId;
  }
}
