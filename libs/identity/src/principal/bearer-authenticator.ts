import { Inject, Injectable } from '@nestjs/common';
import {
  ApiError,
  classifyToken,
  Clock,
  isExpired,
  orgTokenBlock,
  type OrgTokenBlock,
} from '@gatehouse/domain';
import { hashToken } from '@gatehouse/crypto';
import { CLOCK } from '@gatehouse/platform';
import { orgMembershipOf, principalUserOf, userAccountOf } from '../accounts/account-mapping';
import { bearerTokenOf } from './bearer-credentials';
import type { MembershipRecord, UserRecord } from '../accounts/ports/account-records';
import {
  AccessTokenGrant,
  BearerTokenReader,
  PersonalTokenGrant,
} from './ports/bearer-token.reader';
import { Principal, PrincipalAccount, TokenPrincipal } from './principal';
import { PrincipalCache } from './principal-cache';
import { TokenUsageRecorder, UsageOrigin } from './token-usage-recorder';

/**
 * Resolves bearer tokens to principals: personal tokens (`hf_`), OAuth and exchange tokens
 * (`hf_oauth_`) and trusted-publisher tokens (`hf_jwt_`), looked up by hash. Unknown, expired
 * and revoked tokens, and tokens of disabled users, are all the same 401 to the caller.
 * A check is one GET of the PrincipalCache; on a miss, one statement reads the token with its
 * user and memberships. A personal token's use is noted in memory (TokenUsageRecorder), written
 * later in batches: no statement on the request path.
 */
@Injectable()
export class BearerAuthenticator {
  constructor(
    private readonly reader: BearerTokenReader,
    private readonly cache: PrincipalCache,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly usage: TokenUsageRecorder,
  ) {}

  /** The principal of `Authorization: Bearer <token>`; ApiError `unauthorized` otherwise. */
  async authenticate(
    authorizationHeader: string | undefined,
    origin?: UsageOrigin,
  ): Promise<Principal> {
    const token = bearerTokenOf(authorizationHeader);
    if (!token)
      throw new ApiError('unauthorized', 'Invalid credentials in Authorization header', {
        detail: 'no bearer token',
      });
    const principal = await this.resolve(token, origin);
    if (!principal)
      throw new ApiError('unauthorized', 'Invalid credentials in Authorization header', {
        detail: 'token not active',
      });
    return principal;
  }

  /**
   * The principal of a clear token, or null when it is unknown, expired, revoked or its user is
   * disabled. A personal token's use is noted, with `origin` when the caller is the token's holder.
   */
  async resolve(token: string, origin?: UsageOrigin): Promise<TokenPrincipal | null> {
    const principal = await this.lookUp(token);
    if (principal?.kind === 'personal') this.usage.record(principal.tokenId, origin);
    return principal;
  }

  private async lookUp(token: string): Promise<TokenPrincipal | null> {
    const kind = classifyToken(token);
    if (kind !== 'personal' && kind !== 'oauth_access' && kind !== 'trusted_publisher') return null;
    const tokenHash = hashToken(token);
    const cached = await this.cache.get(tokenHash);
    if (cached)
      return cached.expiresAt && isExpired(cached.expiresAt.getTime(), this.clock.now())
        ? null
        : cached;
    const principal =
      kind === 'personal' ? await this.personal(tokenHash) : await this.access(tokenHash);
    if (principal) await this.cache.fill(tokenHash, principal);
    return principal;
  }

  private async personal(tokenHash: string): Promise<TokenPrincipal | null> {
    const grant = await this.reader.personalToken(tokenHash);
    if (!grant || grant.token.revokedAt || grant.user.disabledAt) return null;
    if (grant.token.expiresAt && isExpired(grant.token.expiresAt.getTime(), this.clock.now()))
      return null;
    return principalOfPersonalToken(grant);
  }

  private async access(tokenHash: string): Promise<TokenPrincipal | null> {
    const grant = await this.reader.accessToken(tokenHash);
    if (
      !grant ||
      grant.token.revokedAt ||
      isExpired(grant.token.expiresAt.getTime(), this.clock.now())
    )
      return null;
    if (grant.token.userId !== null && (!grant.user || grant.user.disabledAt)) return null;
    return principalOfAccessToken(grant);
  }
}

function accountOf(user: UserRecord, memberships: MembershipRecord[]): PrincipalAccount {
  return { user: userAccountOf(user), memberships: memberships.map(orgMembershipOf) };
}

/** The organizations that require two factors of a user who has none, id to name; null when none. */
function twoFactorMissingOf({
  secondFactor,
  twoFactorOrgIds,
  memberships,
}: Pick<AccessTokenGrant, 'secondFactor' | 'twoFactorOrgIds' | 'memberships'>): Record<
  string,
  string
> | null {
  if (secondFactor || !twoFactorOrgIds) return null;
  const missing: Record<string, string> = {};
  for (const { organization } of memberships)
    if (twoFactorOrgIds.includes(organization.id)) missing[organization.id] = organization.name;
  return Object.keys(missing).length > 0 ? missing : null;
}

function principalOfPersonalToken(grant: PersonalTokenGrant): TokenPrincipal {
  const { token, user, memberships } = grant;
  const orgBlocks = orgBlocksOf(grant);
  const twoFactorMissing = twoFactorMissingOf(grant);
  return {
    tokenId: token.id,
    kind: 'personal',
    user: principalUserOf(user),
    scopes: [],
    role: token.role,
    ...(token.fineGrained ? { fineGrained: token.fineGrained } : {}),
    ...(orgBlocks ? { orgBlocks } : {}),
    ...(twoFactorMissing ? { twoFactorMissing } : {}),
    clientId: null,
    grantedOrgIds: memberships.map((membership) => membership.organization.id),
    boundOrgId: null,
    memberRole: null,
    repo: null,
    displayName: token.name,
    createdAt: token.createdAt,
    expiresAt: token.expiresAt,
    account: accountOf(user, memberships),
    appName: null,
  };
}

/** The organizations of the user whose token policy refuses this token; null when none does. */
function orgBlocksOf({
  token,
  memberships,
  orgTokenRules,
}: PersonalTokenGrant): Record<string, OrgTokenBlock> | null {
  const blocks: Record<string, OrgTokenBlock> = {};
  for (const rule of orgTokenRules) {
    const membership = memberships.find(({ organization }) => organization.id === rule.orgId);
    if (!membership) continue;
    const block = orgTokenBlock({
      org: { id: rule.orgId, name: membership.organization.name },
      policy: rule.policy,
      approvalRequiredSince: rule.approvalRequiredSince,
      decision: rule.decision,
      token,
    });
    if (block) blocks[rule.orgId] = block;
  }
  return Object.keys(blocks).length > 0 ? blocks : null;
}

/** The principal of an access token read with its user, memberships and app (also used to cache a token just issued). */
export function principalOfAccessToken(grant: AccessTokenGrant): TokenPrincipal {
  const { token, user, memberships, appName } = grant;
  const exchange = token.kind === 'exchange';
  const twoFactorMissing = user ? twoFactorMissingOf(grant) : null;
  return {
    tokenId: token.id,
    kind: token.kind,
    user: user ? principalUserOf(user) : null,
    scopes: [...token.scopes],
    role: null,
    clientId: token.clientId,
    grantedOrgIds: exchange && token.boundOrgId ? [token.boundOrgId] : [...token.orgIds],
    boundOrgId: token.boundOrgId,
    memberRole: exchange ? (token.role as Principal['memberRole']) : null,
    repo: token.repo,
    displayName: null,
    createdAt: token.createdAt,
    expiresAt: token.expiresAt,
    ...(user ? { account: accountOf(user, memberships) } : {}),
    ...(twoFactorMissing ? { twoFactorMissing } : {}),
    appName,
  };
}
