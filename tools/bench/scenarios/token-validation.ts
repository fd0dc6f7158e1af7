import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import type { BenchEnvironment } from '../harness/bench-environment';
import type { Scenario, ScenarioReport } from '../harness/scenario';
import { Contender, runTrial } from '../harness/trial';
import { bareTokenKey } from '../peers/peer-records';
import { BEARER_CHECKS } from '../harness/contender-names';
import { OIDC_MEMORY_PROCESS, startBareTokenServer } from '../peers/peer-processes';
import { pools, signInVisitors } from './signed-in-users';

const TOKENS = 16;

/** Access tokens the bare server knows: random values under their hashes, each with a userinfo-sized record. */
async function bareTokens(env: BenchEnvironment, prefix: string): Promise<string[]> {
  const redis = new Redis(env.infra.redis.url);
  try {
    const tokens = Array.from(
      { length: TOKENS },
      () => `bare_${randomBytes(24).toString('base64url')}`,
    );
    await Promise.all(
      tokens.map((token, index) =>
        redis.set(
          bareTokenKey(prefix, token),
          JSON.stringify({
            sub: `bare-${index}`,
            name: `Bare ${index}`,
            preferred_username: `bare-${index}`,
            scope: 'openid profile',
          }),
        ),
      ),
    );
    return tokens;
  } finally {
    redis.disconnect();
  }
}

/**
 * Bearer-token checks per second: Gatehouse's /api/whoami-v2, /oauth/userinfo and
 * /oauth/introspect on auth, and token-exchange's /internal/authorize (the access policy other
 * services ask with the internal token), against the limit (a bare Node server doing one Redis
 * lookup per request) and against oidc-provider's /me on Redis and on its in-memory adapter,
 * interleaved.
 */
export const tokenValidation: Scenario = {
  id: 'token-validation',
  title: 'Token validation',
  async run(env): Promise<ScenarioReport> {
    const { seconds, rampSeconds, rounds, steadyConcurrency: connections } = env.settings;
    await signInVisitors(env, TOKENS, ['gatehouse', 'oidc-provider', 'oidc-provider-memory']);
    const prefix = `${env.redisPrefix}bare:`;
    const bare = await startBareTokenServer({ redisUrl: env.infra.redis.url, prefix });
    try {
      await env.load.seed(
        'bare-tokens',
        (await bareTokens(env, prefix)).map((accessToken) => ({ cookies: [], accessToken })),
      );
      const load = env.load.pid;
      const gatehouse = { auth: env.gatehouse.auth.child.pid!, load };
      const { postgres, redis } = env.servers;
      const tokens = pools('gatehouse').tokens;
      const run = (url: string, flow: Parameters<typeof env.load.run>[0]['flow']) => () =>
        env.load.run({ flow, url, connections, seconds, rampSeconds });
      const contenders: Contender[] = [
        {
          name: 'whoami-v2',
          processes: gatehouse,
          servers: { postgres, redis },
          run: run(env.gatehouse.url, { kind: 'bearer-get', path: '/api/whoami-v2', tokens }),
        },
        {
          name: 'userinfo',
          processes: gatehouse,
          servers: { postgres, redis },
          run: run(env.gatehouse.url, { kind: 'bearer-get', path: '/oauth/userinfo', tokens }),
        },
        {
          name: 'introspect',
          processes: gatehouse,
          servers: { postgres, redis },
          run: run(env.gatehouse.url, {
            kind: 'introspect',
            path: '/oauth/introspect',
            authorization: `Bearer ${env.internalToken}`,
            tokens,
          }),
        },
        {
          name: 'internal/authorize',
          processes: { 'token-exchange': env.gatehouse.tokenExchange.child.pid!, load },
          servers: { postgres, redis },
          run: run(env.gatehouse.tokenExchangeUrl, {
            kind: 'internal-authorize',
            path: '/internal/authorize',
            authorization: `Bearer ${env.internalToken}`,
            tokens,
          }),
        },
        {
          name: BEARER_CHECKS.bare,
          processes: { bare: bare.process.child.pid!, load },
          servers: { redis },
          run: run(bare.url, { kind: 'bearer-get', path: '/', tokens: 'bare-tokens' }),
        },
        {
          name: BEARER_CHECKS.me.redis,
          processes: { 'oidc-provider': env.oidcProvider.process.child.pid!, load },
          servers: { redis },
          run: run(env.oidcProvider.url, {
            kind: 'bearer-get',
            path: '/me',
            tokens: pools('oidc-provider').tokens,
          }),
        },
        {
          name: BEARER_CHECKS.me.memory,
          processes: { [OIDC_MEMORY_PROCESS]: env.oidcProviderMemory.process.child.pid!, load },
          run: run(env.oidcProviderMemory.url, {
            kind: 'bearer-get',
            path: '/me',
            tokens: pools('oidc-provider-memory').tokens,
          }),
        },
      ];
      const references = [BEARER_CHECKS.bare, BEARER_CHECKS.me.redis, BEARER_CHECKS.me.memory];
      const pairs: Array<[string, string]> = BEARER_CHECKS.paths.flatMap((path) =>
        references.map((reference): [string, string] => [path, reference]),
      );
      pairs.push([BEARER_CHECKS.me.redis, BEARER_CHECKS.bare]);
      pairs.push([BEARER_CHECKS.me.memory, BEARER_CHECKS.bare]);
      return {
        id: 'token-validation',
        title: tokenValidation.title,
        trials: [
          await runTrial(
            `bearer checks, concurrency ${connections}`,
            contenders,
            pairs,
            rounds,
            env.log,
          ),
        ],
        facts: [],
      };
    } finally {
      await bare.process.stop();
    }
  },
};
