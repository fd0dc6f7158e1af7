import { GATEHOUSE_TARGET, OIDC_PROVIDER_TARGET } from '../gatehouse/bench-accounts';
import type { BenchEnvironment } from '../harness/bench-environment';
import type { FlowSpec } from '../harness/load-spec';
import type { Scenario, ScenarioReport } from '../harness/scenario';
import { Contender, runTrial } from '../harness/trial';
import { OIDC_PEERS } from '../harness/contender-names';
import { OIDC_MEMORY_PROCESS } from '../peers/peer-processes';
import { pools, signInVisitors } from './signed-in-users';

type Kind = 'returning-user' | 'refresh-rotation';

/**
 * Gatehouse, oidc-provider on Redis and oidc-provider on its in-memory adapter, each doing the
 * flow `kind` over its own pools, in that order in every round.
 */
function contenders(env: BenchEnvironment, kind: Kind): Contender[] {
  const { seconds, rampSeconds, steadyConcurrency: connections } = env.settings;
  const load = env.load.pid;
  const flow = (side: Parameters<typeof pools>[0]): FlowSpec => {
    const target = side === 'gatehouse' ? GATEHOUSE_TARGET : OIDC_PROVIDER_TARGET;
    return kind === 'returning-user'
      ? { kind, target, sessions: pools(side).sessions }
      : { kind, target, tokens: pools(side).refresh };
  };
  const run = (url: string, spec: FlowSpec) => () =>
    env.load.run({ flow: spec, url, connections, seconds, rampSeconds });
  return [
    {
      name: 'Gatehouse',
      processes: {
        auth: env.gatehouse.auth.child.pid!,
        'token-exchange': env.gatehouse.tokenExchange.child.pid!,
        load,
      },
      servers: { ...env.servers },
      run: run(env.gatehouse.url, flow('gatehouse')),
    },
    {
      name: OIDC_PEERS.redis,
      processes: { 'oidc-provider': env.oidcProvider.process.child.pid!, load },
      servers: { redis: env.servers.redis },
      run: run(env.oidcProvider.url, flow('oidc-provider')),
    },
    {
      name: OIDC_PEERS.memory,
      processes: { [OIDC_MEMORY_PROCESS]: env.oidcProviderMemory.process.child.pid!, load },
      run: run(env.oidcProviderMemory.url, flow('oidc-provider-memory')),
    },
  ];
}

/**
 * The bulk of a spike: browsers with a live session and a remembered consent (authorize answered
 * at once with a code → token with PKCE → userinfo), and apps rotating their refresh tokens; each
 * on Gatehouse and on oidc-provider with its records on the same Redis and on its in-memory
 * adapter, interleaved.
 */
export const returningUsers: Scenario = {
  id: 'returning-user',
  title: 'Returning users and refresh-token rotation',
  async run(env): Promise<ScenarioReport> {
    const { rounds, steadyConcurrency: connections } = env.settings;
    const visitors = connections * 4;
    await signInVisitors(env, visitors, ['gatehouse', 'oidc-provider', 'oidc-provider-memory']);
    const pairs: Array<[string, string]> = [
      ['Gatehouse', OIDC_PEERS.redis],
      ['Gatehouse', OIDC_PEERS.memory],
    ];
    const returning = await runTrial(
      `returning user, session + remembered consent → code → token → userinfo, concurrency ${connections}`,
      contenders(env, 'returning-user'),
      pairs,
      rounds,
      env.log,
    );
    // The in-memory peer's LRU has evicted the refresh tokens the returning users did not touch.
    await signInVisitors(env, visitors, ['oidc-provider-memory']);
    const refresh = await runTrial(
      `refresh_token rotation, concurrency ${connections}`,
      contenders(env, 'refresh-rotation'),
      pairs,
      rounds,
      env.log,
    );
    return {
      id: 'returning-user',
      title: returningUsers.title,
      trials: [returning, refresh],
      facts: [],
    };
  },
};
