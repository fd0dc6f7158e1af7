import {
  GATEHOUSE_TARGET,
  OIDC_PROVIDER_TARGET,
  VISITOR_PASSWORD,
  VISITOR_PREFIX,
} from '../gatehouse/bench-accounts';
import { type BenchEnvironment, VISITORS_PER_SECOND } from '../harness/bench-environment';
import type { FlowSpec } from '../harness/load-spec';

export type Side = 'gatehouse' | 'oidc-provider' | 'oidc-provider-memory';

/** Pool names in the load process, per side: sessions to return with, refresh tokens to rotate, access tokens to check. */
export const pools = (side: Side) => ({
  sessions: `${side}-sessions`,
  refresh: `${side}-refresh`,
  tokens: `${side}-tokens`,
});

/**
 * The auth paths the profilers put under load, by name: checks and returns over Gatehouse's pools,
 * and new visitors signing in (enough reserved for `seconds` of load).
 */
export const AUTH_PATHS = {
  userinfo: () => ({
    kind: 'bearer-get',
    path: '/oauth/userinfo',
    tokens: pools('gatehouse').tokens,
  }),
  'returning-user': () => ({
    kind: 'returning-user',
    target: GATEHOUSE_TARGET,
    sessions: pools('gatehouse').sessions,
  }),
  refresh: () => ({
    kind: 'refresh-rotation',
    target: GATEHOUSE_TARGET,
    tokens: pools('gatehouse').refresh,
  }),
  'sign-in': (env, seconds) => ({
    kind: 'gatehouse-sign-in',
    target: GATEHOUSE_TARGET,
    loginPrefix: VISITOR_PREFIX,
    firstVisitor: env.reserveVisitors((seconds + 2) * VISITORS_PER_SECOND),
    password: VISITOR_PASSWORD,
  }),
} satisfies Record<string, (env: BenchEnvironment, seconds: number) => FlowSpec>;

/**
 * Signs `count` visitors in on each side (the complete flow, 4 at a time; Gatehouse and
 * oidc-provider on Redis unless `sides` says otherwise) and keeps what each left behind in the
 * load process's pools. oidc-provider's in-memory adapter is an LRU of 1,000 records, so what a
 * trial does not touch is evicted by the next: its pools are emptied and filled afresh on each
 * call, right before the trial that uses them. Fails when any sign-in fails.
 */
export async function signInVisitors(
  env: BenchEnvironment,
  count: number,
  sides: readonly Side[] = ['gatehouse', 'oidc-provider'],
): Promise<void> {
  for (const side of sides) {
    const names = pools(side);
    if (side === 'oidc-provider-memory')
      for (const pool of Object.values(names)) await env.load.drop(pool);
    const kind = side === 'gatehouse' ? 'gatehouse-sign-in' : 'oidc-provider-sign-in';
    const target = side === 'gatehouse' ? GATEHOUSE_TARGET : OIDC_PROVIDER_TARGET;
    const url = {
      gatehouse: env.gatehouse.url,
      'oidc-provider': env.oidcProvider.url,
      'oidc-provider-memory': env.oidcProviderMemory.url,
    }[side];
    const firstVisitor = env.reserveVisitors(count);
    const result = await env.load.run({
      flow: {
        kind,
        target,
        loginPrefix: VISITOR_PREFIX,
        firstVisitor,
        password: VISITOR_PASSWORD,
        keepIn: [names.sessions, names.refresh, names.tokens],
      },
      url,
      connections: Math.min(4, count),
      flows: count,
    });
    if (result.errors > 0 || result.completed < count)
      throw new Error(
        `${side}: ${result.completed} of ${count} sign-ins completed: ${result.firstErrors.join('; ')}`,
      );
  }
}
