import { Client } from 'pg';
import { EXCHANGE_ORGANIZATIONS, exchangeApp } from '../gatehouse/bench-accounts';
import type { BenchEnvironment } from '../harness/bench-environment';
import type { Scenario, ScenarioReport } from '../harness/scenario';
import { Contender, runTrial } from '../harness/trial';
import { EXCHANGE_LIMIT_TABLE } from '../load/exchange-transaction-loop';

async function createLimitTable(databaseUrl: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${EXCHANGE_LIMIT_TABLE} (id bigserial PRIMARY KEY, kind text NOT NULL, organization text NOT NULL, payload jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`,
    );
  } finally {
    await client.end();
  }
}

/**
 * RFC 8693 exchanges per second through auth and token-exchange, for one organization and for
 * eight side by side, against the limit of the same database work done directly (one transaction
 * per exchange with the organization's advisory lock and four inserts, load/exchange-transaction-loop).
 */
export const tokenExchangeScenario: Scenario = {
  id: 'token-exchange',
  title: 'Token exchange',
  async run(env: BenchEnvironment): Promise<ScenarioReport> {
    const { seconds, rampSeconds, rounds, steadyConcurrency: connections } = env.settings;
    await createLimitTable(env.infra.database.url);
    const load = env.load.pid;
    const services = {
      auth: env.gatehouse.auth.child.pid!,
      'token-exchange': env.gatehouse.tokenExchange.child.pid!,
      load,
    };
    const all = Array.from({ length: EXCHANGE_ORGANIZATIONS }, (_, index) =>
      exchangeApp(index + 1),
    );
    const exchange = (clients: typeof all) => () =>
      env.load.run({
        flow: { kind: 'token-exchange', clients },
        url: env.gatehouse.url,
        connections,
        seconds,
        rampSeconds,
      });
    const limit = (organizations: number) => () =>
      env.load.exchangeTransactions({
        databaseUrl: env.infra.database.url,
        concurrency: connections,
        seconds,
        rampSeconds,
        organizations,
      });
    const many = `${EXCHANGE_ORGANIZATIONS} organizations`;
    const contenders: Contender[] = [
      { name: 'one organization', processes: services, run: exchange(all.slice(0, 1)) },
      { name: 'transaction limit, one organization', processes: { load }, run: limit(1) },
      { name: many, processes: services, run: exchange(all) },
      {
        name: `transaction limit, ${many}`,
        processes: { load },
        run: limit(EXCHANGE_ORGANIZATIONS),
      },
    ];
    const trial = await runTrial(
      `exchanges, concurrency ${connections}`,
      contenders,
      [
        ['one organization', 'transaction limit, one organization'],
        [many, `transaction limit, ${many}`],
        [many, 'one organization'],
      ],
      rounds,
      env.log,
    );
    return { id: 'token-exchange', title: tokenExchangeScenario.title, trials: [trial], facts: [] };
  },
};
