import { StatementCountingProxy, tallyStatements } from '@gatehouse/testing';
import {
  exchangeApp,
  GATEHOUSE_TARGET,
  VISITOR_PASSWORD,
  VISITOR_PREFIX,
} from '../gatehouse/bench-accounts';
import { startGatehouseServices } from '../gatehouse/gatehouse-services';
import type { BenchEnvironment } from '../harness/bench-environment';
import { CACHE_HIT_ROWS } from '../harness/contender-names';
import type { FlowSpec } from '../harness/load-spec';
import type { Fact, Scenario, ScenarioReport, Table } from '../harness/scenario';
import { number } from '../report/render-markdown';

const IDLE_SECONDS = 5;
const POOLS = {
  sessions: 'counted-sessions',
  refresh: 'counted-refresh',
  tokens: 'counted-tokens',
};

/**
 * SQL statements per request on each path: a second auth + token-exchange pair whose database
 * connections go through a proxy that reads the wire protocol (libs/testing/src/sql/statement-counting-proxy.ts),
 * driven one flow at a time. The outbox relay's transactions are counted apart, and the pair's
 * idle statements per second are measured first. A bearer check is counted on a cache hit: each
 * token of the pool is checked once on the same path before the counted flows.
 */
export const statementsPerRequest: Scenario = {
  id: 'statements',
  title: 'SQL statements per request',
  async run(env: BenchEnvironment): Promise<ScenarioReport> {
    const flows = env.settings.quick ? 10 : 20;
    const proxy = await StatementCountingProxy.inFrontOf(env.infra.database.url);
    const gatehouse = await startGatehouseServices({
      databaseUrl: proxy.url,
      redisUrl: env.infra.redis.url,
      kafkaBrokers: env.infra.kafka.brokers,
      encryptionKey: env.encryptionKey,
      internalToken: env.internalToken,
    });
    try {
      await new Promise((settle) => setTimeout(settle, 1000));
      const idleFrom = proxy.statements.length;
      await new Promise((idle) => setTimeout(idle, IDLE_SECONDS * 1000));
      const idle = proxy.statements.slice(idleFrom);
      const facts: Fact[] = [
        {
          name: 'statements per second of an idle auth + token-exchange pair (outbox relays polling)',
          value: idle.length / IDLE_SECONDS,
          unit: '/s',
          how: `${idle.length} statements in ${IDLE_SECONDS} s`,
        },
      ];

      const internal = `Bearer ${env.internalToken}`;
      const paths: Array<{ name: string; flow: FlowSpec; url?: string; warmUpFlows?: number }> = [
        {
          name: 'sign-in (new visitor, complete flow)',
          flow: {
            kind: 'gatehouse-sign-in',
            target: GATEHOUSE_TARGET,
            loginPrefix: VISITOR_PREFIX,
            firstVisitor: env.reserveVisitors(flows),
            password: VISITOR_PASSWORD,
            keepIn: Object.values(POOLS),
          },
        },
        {
          name: 'returning user (authorize → token → userinfo)',
          flow: { kind: 'returning-user', target: GATEHOUSE_TARGET, sessions: POOLS.sessions },
        },
        {
          name: 'refresh_token rotation',
          flow: { kind: 'refresh-rotation', target: GATEHOUSE_TARGET, tokens: POOLS.refresh },
        },
        {
          name: CACHE_HIT_ROWS.userinfo,
          flow: { kind: 'bearer-get', path: '/oauth/userinfo', tokens: POOLS.tokens },
          warmUpFlows: flows,
        },
        {
          name: CACHE_HIT_ROWS.whoami,
          flow: { kind: 'bearer-get', path: '/api/whoami-v2', tokens: POOLS.tokens },
          warmUpFlows: flows,
        },
        {
          name: CACHE_HIT_ROWS.introspect,
          flow: {
            kind: 'introspect',
            path: '/oauth/introspect',
            authorization: internal,
            tokens: POOLS.tokens,
          },
          warmUpFlows: flows,
        },
        {
          name: CACHE_HIT_ROWS.authorize,
          flow: {
            kind: 'internal-authorize',
            path: '/internal/authorize',
            authorization: internal,
            tokens: POOLS.tokens,
          },
          url: gatehouse.tokenExchangeUrl,
          warmUpFlows: flows,
        },
        // An organization's first audit entry starts its chain (three statements more, once): one exchange before counting.
        {
          name: 'token exchange (auth + token-exchange)',
          flow: { kind: 'token-exchange', clients: [exchangeApp(1)] },
          warmUpFlows: 1,
        },
      ];
      const counts: Table = {
        title: 'Statements per request (BEGIN and COMMIT included: each is a round trip)',
        columns: ['Path', 'Statements per flow', 'Outbox relay statements per flow', 'Flows'],
        rows: [],
      };
      const texts: Table = {
        title: 'What the request path executes, per flow',
        columns: ['Path', 'Statements (table, times per flow)'],
        rows: [],
      };
      for (const path of paths) {
        const url = path.url ?? gatehouse.url;
        if (path.warmUpFlows)
          await env.load.run({ flow: path.flow, url, connections: 1, flows: path.warmUpFlows });
        const from = proxy.statements.length;
        const result = await env.load.run({
          flow: path.flow,
          url,
          connections: 1,
          flows,
        });
        if (result.errors > 0) throw new Error(`${path.name}: ${result.firstErrors.join('; ')}`);
        await new Promise((settle) => setTimeout(settle, 300));
        const tally = tallyStatements(proxy.statements, from);
        counts.rows.push([
          path.name,
          tally.requestPath / result.completed,
          tally.relay / result.completed,
          result.completed,
        ]);
        texts.rows.push([
          path.name,
          tally.byText
            .map(({ text, count }) => `${text} ×${number(count / result.completed)}`)
            .join(', '),
        ]);
      }
      return {
        id: 'statements',
        title: statementsPerRequest.title,
        trials: [],
        facts,
        tables: [counts, texts],
      };
    } finally {
      await gatehouse.stop();
      await proxy.stop();
      for (const pool of Object.values(POOLS)) await env.load.drop(pool);
    }
  },
};
