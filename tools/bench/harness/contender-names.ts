// Names the scenarios give their contenders and rows, and the targets read back
// (report/targets.ts): one copy, so a renamed contender cannot silently drop a target.

/** oidc-provider on its two storages, as contenders of the trials that run both. */
export const OIDC_PEERS = {
  redis: 'oidc-provider + Redis',
  memory: 'oidc-provider + memory',
} as const;

/** The bearer-check trial (scenarios/token-validation.ts): Gatehouse's paths and their references. */
export const BEARER_CHECKS = {
  paths: ['whoami-v2', 'userinfo', 'introspect', 'internal/authorize'],
  bare: 'bare server + Redis',
  me: { redis: `${OIDC_PEERS.redis} /me`, memory: `${OIDC_PEERS.memory} /me` },
} as const;

/** The two limits of one delivery worker (scenarios/delivery.ts), and the lower of them in each round. */
export const RAW_LIMITS = {
  post: 'raw undici POST loop',
  consume: 'raw kafkajs consume loop',
  tighter: 'min(raw POST loop, raw consume loop)',
} as const;

/** The bearer-check rows of the statement counts (scenarios/statements-per-request.ts), each counted on a cache hit. */
export const CACHE_HIT_ROWS = {
  userinfo: '/oauth/userinfo (cache hit)',
  whoami: '/api/whoami-v2 (cache hit)',
  introspect: '/oauth/introspect (cache hit)',
  authorize: '/internal/authorize on token-exchange (cache hit)',
} as const;
