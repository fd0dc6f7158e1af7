import { Inject, Injectable } from '@nestjs/common';
import { ApiError, classifyToken, Clock, isExpired } from '@gatehouse/domain';
import { hashToken } from '@gatehouse/crypto';
import type { AccessTokenEntity, PersonalAccessTokenEntity, UserEntity } from '@gatehouse/persistence';
import { CLOCK } from '@gatehouse/platform';
import { principalUserOf } from '../accounts/account-mapping';
import { AccountReader } from '../store/account-reader';
import { TokenStore } from '../store/token-store';
import { bearerTokenOf } from './bearer-credentials';
import { Principal, TokenPrincipal } from './principal';

/** A personal token's `last_used_at` is written at most this often, not on every call. */
const LAST_USED_RESOLUTION_MS = 5 * 60 * 1000;

/**
 * Resolves bearer tokens to principals: personal tokens (`hf_`), OAuth and exchange tokens
 * (`hf_oauth_`) and trusted-publisher tokens (`hf_jwt_`), looked up by hash. Unknown, expired
 * and revoked tokens, and tokens of disabled users, are all the same 401 to the caller.
 */
@Injectable()
export class BearerAuthenticator {
  constructor(
    private readonly tokens: TokenStore,
    private readonly accounts: AccountReader,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The principal of `Authorization: Bearer <token>`; ApiError `unauthorized` otherwise. */
  async authenticate(authorizationHeader: string | undefined): Promise<Principal> {
    const token = bearerTokenOf(authorizationHeader);
    if (!token) throw new ApiError('unauthorized', 'Invalid credentials in Authorization header', { detail: 'no bearer token' });
    const principal = await this.resolve(token);
    if (!principal) throw new ApiError('unauthorized', 'Invalid credentials in Authorization header', { detail: 'token not active' });
    return principal;
  }

  /** The principal of a clear token, or null when it is unknown, expired, revoked or its user is disabled. */
  async resolve(token: string): Promise<TokenPrincipal | null> {
    switch (classifyToken(token)) {
      case 'personal':
        return this.personal(token);
      case 'oauth_access':
      case 'trusted_publisher':
        return this.access(token);
      default:
        return null;
    }
  }

  private async personal(token: string): Promise<TokenPrincipal | null> {
    const row = await this.tokens.findPersonalToken(hashToken(token));
    if (!row || row.revokedAt) return null;
    const user = await this.activeUser(row.userId);
    if (!user) return null;
    const memberships = await this.accounts.membershipsOf(user.id);
    await this.recordUse(row);
    return {
      tokenId: row.id,
      kind: 'personal',
      user: principalUserOf(user),
      scopes: [],
      role: row.role,
      clientId: null,
      grantedOrgIds: memberships.map((membership) => membership.organization.id),
      boundOrgId: null,
      memberRole: null,
      repo: null,
      displayName: row.name,
      createdAt: row.createdAt,
      expiresAt: null,
    };
  }

  private async access(token: string): Promise<TokenPrincipal | null> {
    const row = await this.tokens.findAccessToken(hashToken(token));
    if (!row || row.revokedAt || isExpired(row.expiresAt.getTime(), this.clock.now())) return null;
    let user: UserEntity | null = null;
    if (row.userId !== null) {
      user = await this.activeUser(row.userId);
      if (!user) return null;
    }
    return principalOfAccessToken(row, user);
  }

  private async activeUser(userId: string): Promise<UserEntity | null> {
    const user = await this.accounts.findUser(userId);
    return user && !user.disabledAt ? user : null;
  }

  private async recordUse(row: PersonalAccessTokenEntity): Promise<void> {
    const now = this.clock.now();
    if (row.lastUsedAt && now - row.lastUsedAt.getTime() < LAST_USED_RESOLUTION_MS) return;
    await this.tokens.touchPersonalToken(row.id, new Date(now));
  }
}

function principalOfAccessToken(row: AccessTokenEntity, user: UserEntity | null): TokenPrincipal {
  const exchange = row.kind === 'exchange';
  return {
    tokenId: row.id,
    kind: row.kind,
    user: user ? principalUserOf(user) : null,
    scopes: [...row.scopes],
    role: null,
    clientId: row.clientId,
    grantedOrgIds: exchange && row.boundOrgId ? [row.boundOrgId] : [...row.orgIds],
    boundOrgId: row.boundOrgId,
    memberRole: exchange ? (row.role as Principal['memberRole']) : null,
    repo: row.repo,
    displayName: null,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
  };
}
