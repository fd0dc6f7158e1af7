import { GATEHOUSE_TARGET, OIDC_PROVIDER_TARGET, VISITOR_PASSWORD, VISITOR_PREFIX } from '../gatehouse/bench-accounts';
import { BenchEnvironment, VISITORS_PER_SECOND } from '../harness/bench-environment';
import type { Contender } from '../harness/trial';
import { runTrial } from '../harness/trial';
import type { Scenario, ScenarioReport } from '../harness/scenario';

type SignInKind = 'gatehouse-sign-in' | 'oidc-provider-sign-in';

/** A run of new visitors, each on an account never signed in before (so the consent page is always asked). */
function signInRun(env: BenchEnvironment, kind: SignInKind, url: string, connections: number) {
  const { seconds, rampSeconds } = env.settings;
  const firstVisitor = env.reserveVisitors(Math.ceil((rampSeconds + seconds + 1) * VISITORS_PER_SECOND));
  const target = kind === 'gatehouse-sign-in' ? GATEHOUSE_TARGET : OIDC_PROVIDER_TARGET;
  return env.load.run({ flow: { kind, target, loginPrefix: VISITOR_PREFIX, firstVisitor, password: VISITOR_PASSWORD }, url, connections, seconds, rampSeconds });
}

export function signInContenders(env: BenchEnvironment, connections: number): Contender[] {
  const { seconds, rampSeconds } = env.settings;
  const load = env.load.pid;
  return [
    { name: 'Gatehouse', processes: { auth: env.gatehouse.auth.child.pid!, 'token-exchange': env.gatehouse.tokenExchange.child.pid!, load }, run: () => signInRun(env, 'gatehouse-sign-in', env.gatehouse.url, connections) },
    { name: 'oidc-provider', processes: { 'oidc-provider': env.oidcProvider.process.child.pid!, load }, run: () => signInRun(env, 'oidc-provider-sign-in', env.oidcProvider.url, connections) },
    {
      name: 'scrypt limit',
      processes: { load },
      run: () => env.load.hash({ seconds, rampSeconds, concurrency: connections, password: VISITOR_PASSWORD, stored: env.passwordHash }),
    },
  ];
}

/**
 * New visitors signing in (authorize → sign-in page → password → consent → code → token with
 * PKCE → userinfo) at 1, 8 and 32 connections, on Gatehouse and on oidc-provider, interleaved
 * with the hash-bound limit: scrypt verifications per second at the same cost and concurrency.
 */
export const signInSpike: Scenario = {
  id: 'sign-in',
  title: 'Sign-in spike: new visitors, password and consent',
  async run(env): Promise<ScenarioReport> {
    const { settings } = env;
    const alone = await env.load.hash({ seconds: settings.quick ? 1 : 2, concurrency: 1, password: VISITOR_PASSWORD, stored: env.passwordHash });
    const trials = [];
    for (const connections of settings.signInConcurrency) {
      const contenders = signInContenders(env, connections);
      trials.push(
        await runTrial(
          `concurrency ${connections}`,
          contenders,
          [
            ['Gatehouse', 'oidc-provider'],
            ['Gatehouse', 'scrypt limit'],
            ['oidc-provider', 'scrypt limit'],
          ],
          settings.rounds,
          env.log,
        ),
      );
    }
    return {
      id: 'sign-in',
      title: signInSpike.title,
      trials,
      facts: [
        { name: 'one scrypt verification alone (N=2^15, r=8, p=1), median', value: alone.latencyMs.p50, unit: 'ms', how: `${alone.completed} verifications one after another` },
        { name: 'scrypt verifications per second, one at a time', value: alone.perSecond, unit: '/s' },
      ],
    };
  },
};
