import type { OAuthTarget } from '../load/flows/oauth-client';

/** The app every sign-in of the benchmark is for: a public client with PKCE, as a CLI or SPA would be. */
export const BENCH_CLIENT = { clientId: 'bench-spa', redirectUri: 'http://127.0.0.1/callback', scope: 'openid profile' } as const;

/** Visitors `visitor-1`, `visitor-2`, … share one password (and one stored scrypt hash, at Gatehouse's cost). */
export const VISITOR_PREFIX = 'visitor-';
export const VISITOR_PASSWORD = 'bench-visitor-password';

export const GATEHOUSE_PATHS = { authorizePath: '/oauth/authorize', tokenPath: '/oauth/token', userinfoPath: '/oauth/userinfo' } as const;
export const OIDC_PROVIDER_PATHS = { authorizePath: '/auth', tokenPath: '/token', userinfoPath: '/me' } as const;

export const GATEHOUSE_TARGET: OAuthTarget = { ...BENCH_CLIENT, ...GATEHOUSE_PATHS };
export const OIDC_PROVIDER_TARGET: OAuthTarget = { ...BENCH_CLIENT, ...OIDC_PROVIDER_PATHS };

/** The seed of the benchmark's Gatehouse database (visitors are inserted apart, see seedVisitors). */
export const BENCH_SEED = {
  users: [{ username: 'bench-owner', email: 'owner@bench.example', fullname: 'Bench Owner', password: 'bench-owner-password' }],
  apps: [{ name: 'Bench SPA', owner: 'bench-owner', clientId: BENCH_CLIENT.clientId, redirectUris: [BENCH_CLIENT.redirectUri], scopes: ['openid', 'profile'] }],
};
