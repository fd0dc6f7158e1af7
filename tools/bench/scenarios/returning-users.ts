import { GATEHOUSE_TARGET, OIDC_PROVIDER_TARGET } from '../gatehouse/bench-accounts';
import type { BenchEnvironment } from '../harness/bench-environment';
import type { Scenario, ScenarioReport } from '../harness/scenario';
import { Contender, runTrial } from '../harness/trial';
import { pools, signInVisitors } from './signed-in-users';

function gatehouseProcesses(env: BenchEnvironment): Record<string, number> {
  return {
    auth: env.gatehouse.auth.child.pid!,
    'token-exchange': env.gatehouse.tokenExchange.child.pid!,
    load: env.load.pid,
  };
}

function oidcProcesses(env: BenchEnvironment): Record<string, number> {
  return { 'oidc-provider': env.oidcProvider.process.child.pid!, load: env.load.pid };
}

/**
 * The bulk of a spike: browsers with a live session and a remembered consent (authorize answered
 * at once with a code → token with PKCE → userinfo), and apps rotating their refresh tokens; each
 * on Gatehouse and on oidc-provider, interleaved.
 */
export const returningUsers: Scenario = {
  id: 'returning-user',
  title: 'Returning users and refresh-token rotation',
  async run(env): Promise<ScenarioReport> {
    const { seconds, rampSeconds, rounds, steadyConcurrency: connections } = env.settings;
    await signInVisitors(env, connections * 4);
    const gatehouse = pools('gatehouse');
    const oidc = pools('oidc-provider');
    const returning: Contender[] = [
      {
        name: 'Gatehouse',
        processes: gatehouseProcesses(env),
        run: () =>
          env.load.run({
            flow: {
              kind: 'returning-user',
              target: GATEHOUSE_TARGET,
              sessions: gatehouse.sessions,
            },
            url: env.gatehouse.url,
            connections,
            seconds,
            rampSeconds,
          }),
      },
      {
        name: 'oidc-provider',
        processes: oidcProcesses(env),
        run: () =>
          env.load.run({
            flow: { kind: 'returning-user', target: OIDC_PROVIDER_TARGET, sessions: oidc.sessions },
            url: env.oidcProvider.url,
            connections,
            seconds,
            rampSeconds,
          }),
      },
    ];
    const refresh: Contender[] = [
      {
        name: 'Gatehouse',
        processes: gatehouseProcesses(env),
        run: () =>
          env.load.run({
            flow: { kind: 'refresh-rotation', target: GATEHOUSE_TARGET, tokens: gatehouse.refresh },
            url: env.gatehouse.url,
            connections,
            seconds,
            rampSeconds,
          }),
      },
      {
        name: 'oidc-provider',
        processes: oidcProcesses(env),
        run: () =>
          env.load.run({
            flow: { kind: 'refresh-rotation', target: OIDC_PROVIDER_TARGET, tokens: oidc.refresh },
            url: env.oidcProvider.url,
            connections,
            seconds,
            rampSeconds,
          }),
      },
    ];
    const pair: Array<[string, string]> = [['Gatehouse', 'oidc-provider']];
    return {
      id: 'returning-user',
      title: returningUsers.title,
      trials: [
        await runTrial(
          `returning user, session + remembered consent → code → token → userinfo, concurrency ${connections}`,
          returning,
          pair,
          rounds,
          env.log,
        ),
        await runTrial(
          `refresh_token rotation, concurrency ${connections}`,
          refresh,
          pair,
          rounds,
          env.log,
        ),
      ],
      facts: [],
    };
  },
};
