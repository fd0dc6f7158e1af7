import type { TokenPrincipal } from '../principal/principal';

/** An OAuth token's principal for Ada, made at 2026-01-01 11:59:59 UTC and expiring an hour after noon. */
export function aTokenPrincipal(fields: Partial<TokenPrincipal> = {}): TokenPrincipal {
  const noon = Date.UTC(2026, 0, 1, 12);
  return {
    tokenId: '65a0000000000000000000a1',
    kind: 'oauth',
    user: {
      id: '65a000000000000000000001',
      username: 'ada',
      email: 'ada@example.com',
      fullname: 'Ada',
      isPro: false,
      avatarUrl: null,
    },
    scopes: ['openid'],
    role: null,
    clientId: 'app-1',
    grantedOrgIds: [],
    boundOrgId: null,
    memberRole: null,
    repo: null,
    displayName: null,
    createdAt: new Date(noon - 1000),
    expiresAt: new Date(noon + 3600_000),
    appName: 'Notebook',
    ...fields,
  };
}
