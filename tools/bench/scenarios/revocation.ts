import type { Scenario, ScenarioReport } from '../harness/scenario';
import {
  describeRefusals,
  measureRevocation,
  REVOKED_TOKENS,
  revocationFacts,
  signInForTokens,
} from './revocation-latency';

/**
 * How soon a revoked access token stops working: on the bench's auth process, each token checked
 * once (cached), revoked through POST /oauth/revoke, then polled until 401. Across replicas: the
 * scale-out scenario.
 */
export const revocation: Scenario = {
  id: 'revocation',
  title: 'Revocation latency',
  async run(env): Promise<ScenarioReport> {
    const tokens = await signInForTokens(
      env.load,
      env.gatehouse.url,
      env.reserveVisitors(REVOKED_TOKENS),
      REVOKED_TOKENS,
    );
    const latencies = await measureRevocation(tokens, {
      revokeUrl: env.gatehouse.url,
      checkUrl: env.gatehouse.url,
    });
    for (const line of describeRefusals(latencies))
      env.log(`revocation to 401 on one auth process, ${line}`);
    return {
      id: 'revocation',
      title: revocation.title,
      trials: [],
      facts: revocationFacts(latencies, 'on one auth process'),
    };
  },
};
