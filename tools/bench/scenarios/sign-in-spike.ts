import {
  GATEHOUSE_TARGET,
  OIDC_PROVIDER_TARGET,
  VISITOR_PASSWORD,
  VISITOR_PREFIX,
} from '../gatehouse/bench-accounts';
import { BenchEnvironment, VISITORS_PER_SECOND } from '../harness/bench-environment';
import type { Contender } from '../harness/trial';
import { runTrial } from '../harness/trial';
import type { Scenario, ScenarioReport } from '../harness/scenario';
import { pools, signInVisitors } from './signed-in-users';

type SignInKind = 'gatehouse-sign-in' | 'oidc-provider-sign-in';

/** A run of new visitors, each on an account never signed in before (so the consent page is always asked). */
export interface RunLength {
  seconds: number;
  rampSeconds: number;
  /** More than the hash-bound rate: each sign-in needs one hash, and one fresh account. */
  visitorsPerSecond: number;
}

function signInRun(
  env: BenchEnvironment,
  kind: SignInKind,
  url: string,
  connections: number,
  { seconds, rampSeconds, visitorsPerSecond }: RunLength,
) {
  const firstVisitor = env.reserveVisitors(
    Math.ceil((rampSeconds + seconds + 1) * visitorsPerSecond),
  );
  const target = kind === 'gatehouse-sign-in' ? GATEHOUSE_TARGET : OIDC_PROVIDER_TARGET;
  return env.load.run({
    flow: { kind, target, loginPrefix: VISITOR_PREFIX, firstVisitor, password: VISITOR_PASSWORD },
    url,
    connections,
    seconds,
    rampSeconds,
  });
}

export function signInContenders(
  env: BenchEnvironment,
  connections: number,
  length: RunLength,
): Contender[] {
  const { seconds, rampSeconds } = length;
  const load = env.load.pid;
  return [
    {
      name: 'Gatehouse',
      processes: {
        auth: env.gatehouse.auth.child.pid!,
        'token-exchange': env.gatehouse.tokenExchange.child.pid!,
        load,
      },
      servers: { ...env.servers },
      run: () => signInRun(env, 'gatehouse-sign-in', env.gatehouse.url, connections, length),
    },
    {
      name: 'oidc-provider',
      processes: { 'oidc-provider': env.oidcProvider.process.child.pid!, load },
      servers: { redis: env.servers.redis },
      run: () => signInRun(env, 'oidc-provider-sign-in', env.oidcProvider.url, connections, length),
    },
    {
      name: 'scrypt limit',
      processes: { load },
      run: () =>
        env.load.hash({
          seconds,
          rampSeconds,
          concurrency: connections,
          password: VISITOR_PASSWORD,
          stored: env.passwordHash,
        }),
    },
  ];
}

/**
 * How long the runs at `connections` must be: a sign-in takes at least `connections` hash times
 * when the hash is the bottleneck, so the ramp must outlast one flow and the window hold several.
 * Estimated from the hash-bound rate at that concurrency, measured now.
 */
export async function runLength(env: BenchEnvironment, connections: number): Promise<RunLength> {
  const { seconds, rampSeconds } = env.settings;
  const probe = await env.load.hash({
    seconds: 1,
    concurrency: connections,
    password: VISITOR_PASSWORD,
    stored: env.passwordHash,
  });
  const flowSeconds = connections / Math.max(probe.perSecond, 0.5);
  const length = {
    rampSeconds: Math.max(rampSeconds, Math.ceil(1.5 * flowSeconds)),
    seconds: Math.max(seconds, Math.ceil(3 * flowSeconds)),
    visitorsPerSecond: Math.max(VISITORS_PER_SECOND / 2, 3 * probe.perSecond),
  };
  env.log(
    `concurrency ${connections}: ${probe.perSecond.toFixed(1)} hashes/s, so runs of ${length.rampSeconds} s ramp + ${length.seconds} s measured`,
  );
  return length;
}

/**
 * Token checks while new visitors sign in: one connection asking `/oauth/userinfo` (oidc-provider:
 * `/me`) alone, and the same during a spike of sign-ins at `connections` on the same server, its
 * measured window inside the spike's. The hashes run on libuv's pool, so a check waits for a core,
 * not for the hashes queued ahead of it: its latency during the spike is the machine's contention.
 */
async function tokenCallsDuringSpike(
  env: BenchEnvironment,
  connections: number,
  length: RunLength,
) {
  await signInVisitors(env, 4);
  const { seconds, rampSeconds } = length;
  const load = env.load.pid;
  const sides = [
    {
      side: 'Gatehouse /oauth/userinfo',
      kind: 'gatehouse-sign-in',
      url: env.gatehouse.url,
      path: '/oauth/userinfo',
      tokens: pools('gatehouse').tokens,
      processes: {
        auth: env.gatehouse.auth.child.pid!,
        'token-exchange': env.gatehouse.tokenExchange.child.pid!,
        load,
      },
    },
    {
      side: 'oidc-provider /me',
      kind: 'oidc-provider-sign-in',
      url: env.oidcProvider.url,
      path: '/me',
      tokens: pools('oidc-provider').tokens,
      processes: { 'oidc-provider': env.oidcProvider.process.child.pid!, load },
    },
  ] as const;
  const contenders: Contender[] = sides.flatMap(({ side, kind, url, path, tokens, processes }) => {
    const checks = () =>
      env.load.run({
        flow: { kind: 'bearer-get', path, tokens },
        url,
        connections: 1,
        seconds,
        rampSeconds,
      });
    return [
      { name: `${side}, alone`, processes, run: checks },
      {
        name: `${side}, during the spike`,
        processes,
        run: async () => {
          const [during] = await Promise.all([
            checks(),
            signInRun(env, kind, url, connections, length),
          ]);
          return during;
        },
      },
    ];
  });
  return runTrial(
    `token checks during a sign-in spike at ${connections} connections, one connection`,
    contenders,
    [
      ['Gatehouse /oauth/userinfo, during the spike', 'Gatehouse /oauth/userinfo, alone'],
      ['oidc-provider /me, during the spike', 'oidc-provider /me, alone'],
      ['Gatehouse /oauth/userinfo, during the spike', 'oidc-provider /me, during the spike'],
    ],
    env.settings.rounds,
    env.log,
  );
}

/**
 * New visitors signing in (authorize → sign-in page → password → consent → code → token with
 * PKCE → userinfo) at 1, 8 and 32 connections, on Gatehouse and on oidc-provider, interleaved
 * with the hash-bound limit: scrypt verifications per second at the same cost and concurrency; then
 * token checks during the busiest spike against the same checks alone.
 */
export const signInSpike: Scenario = {
  id: 'sign-in',
  title: 'Sign-in spike: new visitors, password and consent',
  async run(env): Promise<ScenarioReport> {
    const { settings } = env;
    const alone = await env.load.hash({
      seconds: settings.quick ? 1 : 2,
      concurrency: 1,
      password: VISITOR_PASSWORD,
      stored: env.passwordHash,
    });
    const trials = [];
    for (const connections of settings.signInConcurrency) {
      const contenders = signInContenders(env, connections, await runLength(env, connections));
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
    const busiest = Math.max(...settings.signInConcurrency);
    trials.push(await tokenCallsDuringSpike(env, busiest, await runLength(env, busiest)));
    return {
      id: 'sign-in',
      title: signInSpike.title,
      trials,
      facts: [
        {
          name: 'one scrypt verification alone (N=2^13, r=8, p=4), median',
          value: alone.latencyMs.p50,
          unit: 'ms',
          how: `${alone.completed} verifications one after another`,
        },
        {
          name: 'scrypt verifications per second, one at a time',
          value: alone.perSecond,
          unit: '/s',
        },
      ],
    };
  },
};
