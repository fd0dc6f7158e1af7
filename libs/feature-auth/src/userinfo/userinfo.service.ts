import { Inject, Injectable } from '@nestjs/common';
import { buildUserinfo, InvalidToken, Userinfo } from '@gatehouse/domain';
import {
  AccountReader,
  BearerAuthenticator,
  IDENTITY_OPTIONS,
  IdentityOptions,
  principalAccount,
} from '@gatehouse/identity';

/**
 * `/oauth/userinfo` (OIDC Core §5.3, docs/oauth.md "Userinfo and whoami") for OAuth access tokens (sign-in, device
 * flow, token exchange). Anything else, personal tokens included, is invalid_token (RFC 6750 §3.1).
 */
@Injectable()
export class UserinfoService {
  constructor(
    private readonly bearer: BearerAuthenticator,
    private readonly accounts: AccountReader,
    @Inject(IDENTITY_OPTIONS) private readonly options: IdentityOptions,
  ) {}

  async userinfo(accessToken: string | null): Promise<Userinfo> {
    if (!accessToken) throw new InvalidToken('An access token is required');
    const principal = await this.bearer.resolve(accessToken);
    if (!principal?.user || (principal.kind !== 'oauth' && principal.kind !== 'exchange')) {
      throw new InvalidToken('The access token is invalid, expired or revoked');
    }
    const account = await principalAccount(principal, this.accounts);
    if (!account) throw new InvalidToken('The access token is invalid, expired or revoked');
    return buildUserinfo({
      publicUrl: this.options.publicUrl,
      user: account.user,
      scopes: principal.scopes,
      memberships: account.memberships,
      grantedOrgIds: principal.grantedOrgIds,
    });
  }
}
