import {
  BENCH_CLIENT,
  BENCH_OWNER_TOKEN,
  BENCH_SEED,
  GATEHOUSE_TARGET,
  VISITOR_PASSWORD,
} from '../gatehouse/bench-accounts';
import { insertOwnerWebhooks } from '../gatehouse/gatehouse-database';
import { startWebhookManagement } from '../gatehouse/gatehouse-services';
import { IMAGE_MALLOC_ENVIRONMENT, withImageNodeOptions } from '../gatehouse/image-node-options';
import type { BenchEnvironment } from '../harness/bench-environment';
import type { FlowSpec } from '../harness/load-spec';
import { ProcessMeter, rssMiB } from '../harness/process-meter';
import {
  peakRssByProcess,
  type Scenario,
  type ScenarioReport,
  type Table,
} from '../harness/scenario';
import { Contender, runTrial } from '../harness/trial';
import { startAllInOne } from '@gatehouse/testing';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pools, signInVisitors } from './signed-in-users';

const AIO_VISITORS = 16;
const AIO_PREFIX = 'aio-visitor-';
const AIO_POOLS = { sessions: 'aio-sessions', refresh: 'aio-refresh', tokens: 'aio-tokens' };
const OWNER_TOKENS = 'bench-owner-tokens';
/** Webhooks in the list webhook-management returns: a settings page's worth. */
const OWNER_WEBHOOKS = 10;

/**
 * RSS of each service idle and at its peak under the load of the scenarios before, and the
 * all-in-one (PGlite, in-memory flow state) while its visitors sign in (hashing) and under
 * returning users and userinfo checks, interleaved
 * with the same flows on the distributed shape and with webhook-management listing a user's
 * webhooks (no other scenario runs it).
 */
export const memory: Scenario = {
  id: 'memory',
  title: 'Memory',
  async run(env: BenchEnvironment, earlier: ScenarioReport[]): Promise<ScenarioReport> {
    const { seconds, rampSeconds, rounds, steadyConcurrency: connections } = env.settings;
    await signInVisitors(env, connections);
    const allInOne = await startAllInOne({
      listeningUrlIsPublic: true,
      seed: (dataDir) => {
        const path = join(dataDir, 'bench-seed.json');
        const visitors = Array.from({ length: AIO_VISITORS }, (_, index) => ({
          username: `${AIO_PREFIX}${index + 1}`,
          email: `${AIO_PREFIX}${index + 1}@bench.example`,
          fullname: `Visitor ${index + 1}`,
          password: VISITOR_PASSWORD,
        }));
        writeFileSync(
          path,
          JSON.stringify({ ...BENCH_SEED, users: [...BENCH_SEED.users, ...visitors] }),
        );
        return path;
      },
      env: { LOG_LEVEL: 'warn', NODE_OPTIONS: withImageNodeOptions(), ...IMAGE_MALLOC_ENVIRONMENT },
    });
    const stores = {
      databaseUrl: env.infra.database.url,
      redisUrl: env.infra.redis.url,
      kafkaBrokers: env.infra.kafka.brokers,
      encryptionKey: env.encryptionKey,
      internalToken: env.internalToken,
    };
    const webhookManagement = await startWebhookManagement(stores, env.gatehouse.url).catch(
      async (error: unknown) => {
        await allInOne.stop();
        throw error;
      },
    );
    try {
      await insertOwnerWebhooks(env.infra.database.url, OWNER_WEBHOOKS);
      await env.load.seed(OWNER_TOKENS, [{ cookies: [], accessToken: BENCH_OWNER_TOKEN }]);
      await new Promise((settle) => setTimeout(settle, 3000));
      const aioIdle = rssMiB(allInOne.process.child.pid!);
      const webhookManagementIdle = rssMiB(webhookManagement.process.child.pid!);
      // The all-in-one's peak while it hashes: its visitors signing in, four at a time.
      const hashing = new ProcessMeter({ 'all-in-one': allInOne.process.child.pid! });
      hashing.start();
      const signedIn = await env.load.run({
        flow: {
          kind: 'gatehouse-sign-in',
          target: GATEHOUSE_TARGET,
          loginPrefix: AIO_PREFIX,
          firstVisitor: 1,
          password: VISITOR_PASSWORD,
          keepIn: Object.values(AIO_POOLS),
        },
        url: allInOne.url,
        connections: 4,
        flows: AIO_VISITORS,
      });
      const hashingPeak = hashing.stop()['all-in-one']!.peakRssMiB;
      if (signedIn.errors > 0)
        throw new Error(`all-in-one sign-ins failed: ${signedIn.firstErrors.join('; ')}`);
      const load = env.load.pid;
      const aio = { 'all-in-one': allInOne.process.child.pid!, load };
      const distributed = {
        auth: env.gatehouse.auth.child.pid!,
        'token-exchange': env.gatehouse.tokenExchange.child.pid!,
        load,
      };
      const run = (url: string, flow: FlowSpec) => () =>
        env.load.run({ flow, url, connections, seconds, rampSeconds });
      const contenders: Contender[] = [
        {
          name: 'all-in-one returning user',
          processes: aio,
          run: run(allInOne.url, {
            kind: 'returning-user',
            target: GATEHOUSE_TARGET,
            sessions: AIO_POOLS.sessions,
          }),
        },
        {
          name: 'distributed returning user',
          processes: distributed,
          run: run(env.gatehouse.url, {
            kind: 'returning-user',
            target: GATEHOUSE_TARGET,
            sessions: pools('gatehouse').sessions,
          }),
        },
        {
          name: 'all-in-one userinfo',
          processes: aio,
          run: run(allInOne.url, {
            kind: 'bearer-get',
            path: '/oauth/userinfo',
            tokens: AIO_POOLS.tokens,
          }),
        },
        {
          name: 'distributed userinfo',
          processes: distributed,
          run: run(env.gatehouse.url, {
            kind: 'bearer-get',
            path: '/oauth/userinfo',
            tokens: pools('gatehouse').tokens,
          }),
        },
        {
          name: 'webhook-management: list webhooks',
          processes: { 'webhook-management': webhookManagement.process.child.pid!, load },
          run: run(webhookManagement.url, {
            kind: 'bearer-get',
            path: '/api/settings/webhooks',
            tokens: OWNER_TOKENS,
          }),
        },
      ];
      const trial = await runTrial(
        `all-in-one against the distributed shape, concurrency ${connections}`,
        contenders,
        [
          ['all-in-one returning user', 'distributed returning user'],
          ['all-in-one userinfo', 'distributed userinfo'],
        ],
        rounds,
        env.log,
      );
      const before = peakRssByProcess([
        ...earlier,
        { id: 'memory', title: memory.title, trials: [trial], facts: [] },
      ]);
      const rss: Table = {
        title: `Resident memory (MiB; ${BENCH_CLIENT.clientId} flows)`,
        columns: ['Process', 'Idle', 'Peak under load', 'Where the peak was'],
        rows: [],
      };
      for (const [name, idle] of Object.entries({
        ...env.idleRssMiB,
        'webhook-management': webhookManagementIdle,
        'all-in-one': aioIdle,
      })) {
        const peak =
          name === 'all-in-one' && hashingPeak > (before.get(name)?.mib ?? 0)
            ? { mib: hashingPeak, where: `${memory.title}: ${AIO_VISITORS} sign-ins, 4 at a time` }
            : before.get(name);
        rss.rows.push([
          name,
          idle,
          peak?.mib ?? Number.NaN,
          peak?.where ?? 'no load measured in this run',
        ]);
      }
      return { id: 'memory', title: memory.title, trials: [trial], facts: [], tables: [rss] };
    } finally {
      await Promise.all([allInOne.stop(), webhookManagement.process.stop()]);
      for (const pool of [...Object.values(AIO_POOLS), OWNER_TOKENS]) await env.load.drop(pool);
    }
  },
};
