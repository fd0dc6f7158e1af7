import type { OAuthTarget } from '../load/flows/oauth-client';

/** The app every sign-in of the benchmark is for: a public client with PKCE, as a CLI or SPA would be. */
export const BENCH_CLIENT = {
  clientId: 'bench-spa',
  redirectUri: 'http://127.0.0.1/callback',
  scope: 'openid profile',
} as const;

/** Visitors `visitor-1`, `visitor-2`, … share one password (and one stored scrypt hash, at Gatehouse's cost). */
export const VISITOR_PREFIX = 'visitor-';
export const VISITOR_PASSWORD = 'bench-visitor-password';

export const GATEHOUSE_PATHS = {
  authorizePath: '/oauth/authorize',
  tokenPath: '/oauth/token',
  userinfoPath: '/oauth/userinfo',
} as const;
export const OIDC_PROVIDER_PATHS = {
  authorizePath: '/auth',
  tokenPath: '/token',
  userinfoPath: '/me',
} as const;

export const GATEHOUSE_TARGET: OAuthTarget = { ...BENCH_CLIENT, ...GATEHOUSE_PATHS };
export const OIDC_PROVIDER_TARGET: OAuthTarget = { ...BENCH_CLIENT, ...OIDC_PROVIDER_PATHS };

/** Organizations with a token-exchange app each, and two members whose e-mails the app exchanges. */
export const EXCHANGE_ORGANIZATIONS = 8;
export const exchangeApp = (org: number) => ({
  clientId: `bench-exchange-${org}`,
  clientSecret: `bench-exchange-secret-${org}-0123456789`,
  emails: [1, 2].map((member) => `member-${org}-${member}@bench.example`),
});

/** bench-owner's read token, to list its webhooks from webhook-management's API (the bench SPA's scopes do not include `webhooks`). */
export const BENCH_OWNER_TOKEN = 'hf_benchOwnerListsItsWebhooks0001';

const exchangeOrganizations = Array.from(
  { length: EXCHANGE_ORGANIZATIONS },
  (_, index) => index + 1,
);

/** The seed of the benchmark's Gatehouse database (visitors are inserted apart: gatehouse-database.ts). */
export const BENCH_SEED = {
  users: [
    {
      username: 'bench-owner',
      email: 'owner@bench.example',
      fullname: 'Bench Owner',
      password: 'bench-owner-password',
    },
    ...exchangeOrganizations.flatMap((org) =>
      [1, 2].map((member) => ({
        username: `member-${org}-${member}`,
        email: `member-${org}-${member}@bench.example`,
        fullname: `Member ${member} of ${org}`,
        password: 'bench-member-password',
      })),
    ),
  ],
  organizations: exchangeOrganizations.map((org) => ({
    name: `bench-org-${org}`,
    fullname: `Bench Organization ${org}`,
    plan: 'enterprise',
    members: [1, 2].map((member) => ({ username: `member-${org}-${member}`, role: 'write' })),
  })),
  apps: [
    {
      name: 'Bench SPA',
      owner: 'bench-owner',
      clientId: BENCH_CLIENT.clientId,
      redirectUris: [BENCH_CLIENT.redirectUri],
      scopes: ['openid', 'profile'],
    },
    ...exchangeOrganizations.map((org) => ({
      name: `Bench exchange ${org}`,
      owner: `bench-org-${org}`,
      clientId: exchangeApp(org).clientId,
      clientSecret: exchangeApp(org).clientSecret,
      redirectUris: [],
      scopes: ['openid', 'profile', 'read-repos'],
      tokenExchange: { organization: `bench-org-${org}`, tokenDurationSeconds: 28_800 },
    })),
  ],
  accessTokens: [
    { user: 'bench-owner', name: 'bench webhooks', role: 'read', token: BENCH_OWNER_TOKEN },
  ],
};
