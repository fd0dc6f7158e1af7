import {
  AccessTokenGrant,
  BearerTokenReader,
  OrgTokenRule,
  PersonalTokenGrant,
} from '../principal/ports/bearer-token.reader';
import { InMemoryAccounts } from './in-memory-account.reader';
import { InMemoryClientLookup } from './in-memory-client-lookup';
import { InMemoryTokenStore } from './in-memory-token.store';

/** Test double of BearerTokenReader over the other in-memory ports' rows; counts its reads. */
export class InMemoryBearerTokenReader extends BearerTokenReader {
  /** Token reads so far (what the SQL adapter does in one statement each). */
  reads = 0;
  /** What the user's organizations say about a personal token (token-exchange's tables); none by default. */
  orgTokenRules: (tokenId: string, userId: string) => OrgTokenRule[] = () => [];
  /** Whether the user has a second factor, and their organizations that require one. */
  twoFactor: (userId: string) => { secondFactor: boolean; twoFactorOrgIds: string[] } = () => ({
    secondFactor: false,
    twoFactorOrgIds: [],
  });

  constructor(
    private readonly tokens: InMemoryTokenStore,
    private readonly accounts: InMemoryAccounts,
    private readonly clients: InMemoryClientLookup,
  ) {
    super();
  }

  async accessToken(tokenHash: string): Promise<AccessTokenGrant | null> {
    this.reads += 1;
    const token = await this.tokens.findAccessToken(tokenHash);
    if (!token) return null;
    const user = token.userId === null ? null : await this.accounts.findUser(token.userId);
    const app = token.clientId === null ? null : await this.clients.findByClientId(token.clientId);
    return {
      token,
      user,
      memberships: user ? await this.accounts.membershipsOf(user.id) : [],
      appName: app?.name ?? null,
      ...(user ? this.twoFactor(user.id) : { secondFactor: false, twoFactorOrgIds: [] }),
    };
  }

  async personalToken(tokenHash: string): Promise<PersonalTokenGrant | null> {
    this.reads += 1;
    const token = await this.tokens.findPersonalToken(tokenHash);
    const user = token ? await this.accounts.findUser(token.userId) : null;
    if (!token || !user) return null;
    return {
      token,
      user,
      memberships: await this.accounts.membershipsOf(user.id),
      orgTokenRules: this.orgTokenRules(token.id, user.id),
      ...this.twoFactor(user.id),
    };
  }

  async accessTokenHash(tokenId: string): Promise<string | null> {
    return this.tokens.accessTokens.find((row) => row.id === tokenId)?.tokenHash ?? null;
  }

  async liveTokenHashesOf(userId: string): Promise<string[]> {
    const access = this.tokens.accessTokens.filter(
      (row) => row.userId === userId && !row.revokedAt,
    );
    const personal = this.tokens.personalTokens.filter(
      (row) => row.userId === userId && !row.revokedAt,
    );
    return [...access, ...personal].map((row) => row.tokenHash);
  }

  async livePersonalTokenHashesOfMembers(orgId: string): Promise<string[]> {
    const members = new Set(
      this.accounts.memberships
        .filter((membership) => membership.organization.id === orgId)
        .map((membership) => membership.userId),
    );
    return this.tokens.personalTokens
      .filter((row) => members.has(row.userId) && !row.revokedAt)
      .map((row) => row.tokenHash);
  }

  async liveTokenHashesOfMembers(orgId: string): Promise<string[]> {
    const members = new Set(
      this.accounts.memberships
        .filter((membership) => membership.organization.id === orgId)
        .map((membership) => membership.userId),
    );
    const personal = await this.livePersonalTokenHashesOfMembers(orgId);
    const access = this.tokens.accessTokens
      .filter((row) => row.userId !== null && members.has(row.userId) && !row.revokedAt)
      .map((row) => row.tokenHash);
    return [...access, ...personal];
  }
}
