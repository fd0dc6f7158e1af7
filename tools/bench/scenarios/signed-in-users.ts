import { GATEHOUSE_TARGET, OIDC_PROVIDER_TARGET, VISITOR_PASSWORD, VISITOR_PREFIX } from '../gatehouse/bench-accounts';
import type { BenchEnvironment } from '../harness/bench-environment';

export type Side = 'gatehouse' | 'oidc-provider';

/** Pool names in the load process, per side: sessions to return with, refresh tokens to rotate, access tokens to check. */
export const pools = (side: Side) => ({ sessions: `${side}-sessions`, refresh: `${side}-refresh`, tokens: `${side}-tokens` });

/**
 * Signs `count` visitors in on both sides (the complete flow, 4 at a time) and keeps what each
 * left behind in the load process's pools. Fails when any sign-in fails.
 */
export async function signInVisitors(env: BenchEnvironment, count: number): Promise<void> {
  for (const side of ['gatehouse', 'oidc-provider'] as const) {
    const names = pools(side);
    const kind = side === 'gatehouse' ? 'gatehouse-sign-in' : 'oidc-provider-sign-in';
    const target = side === 'gatehouse' ? GATEHOUSE_TARGET : OIDC_PROVIDER_TARGET;
    const url = side === 'gatehouse' ? env.gatehouse.url : env.oidcProvider.url;
    const firstVisitor = env.reserveVisitors(count);
    const result = await env.load.run({
      flow: { kind, target, loginPrefix: VISITOR_PREFIX, firstVisitor, password: VISITOR_PASSWORD, keepIn: [names.sessions, names.refresh, names.tokens] },
      url,
      connections: Math.min(4, count),
      flows: count,
    });
    if (result.errors > 0 || result.completed < count) throw new Error(`${side}: ${result.completed} of ${count} sign-ins completed: ${result.firstErrors.join('; ')}`);
  }
}
