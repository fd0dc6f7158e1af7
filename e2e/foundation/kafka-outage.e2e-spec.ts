import {
  createScratchDatabase,
  findFreePort,
  type NodeProcess,
  type RunningKafkaBroker,
  type ScratchDatabase,
  startKafkaBroker,
  startNodeProcess,
  waitForHttp,
  waitUntil,
} from '@gatehouse/testing';
import { randomBytes } from 'node:crypto';

interface Readiness {
  status: string;
  checks: Record<string, string>;
}

// Readiness says whether a replica can answer. auth publishes through the outbox, so a Kafka
// outage must not take it out of its Service; the delivery worker cannot work without Kafka.
describe('readiness through a Kafka outage', () => {
  let kafka: RunningKafkaBroker;
  let database: ScratchDatabase;
  const running: Record<string, { process: NodeProcess; url: string }> = {};

  beforeAll(async () => {
    kafka = await startKafkaBroker();
    // A database of its own: its signing keys are sealed with this suite's encryption key, which
    // the services check at start.
    database = await createScratchDatabase({
      prefix: 'gatehouse_kafka_outage',
      onServerOf: process.env.DATABASE_URL!,
    });
    const migrate = startNodeProcess('dist/apps/cli/src/main.js', {
      args: ['admin', 'migrate'],
      env: { DATABASE_URL: database.url },
    });
    if ((await migrate.exited).code !== 0)
      throw new Error(`admin migrate failed:\n${migrate.output()}`);
    const secrets = {
      GATEHOUSE_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      GATEHOUSE_INTERNAL_TOKEN: randomBytes(32).toString('base64url'),
    };
    for (const service of ['auth', 'delivery-worker']) {
      const port = await findFreePort();
      const url = `http://127.0.0.1:${port}`;
      const process = startNodeProcess(`dist/apps/${service}/src/main.js`, {
        env: {
          ...secrets,
          DATABASE_URL: database.url,
          PORT: String(port),
          KAFKA_BROKERS: kafka.brokers,
          GATEHOUSE_PUBLIC_URL: url,
          GATEHOUSE_TOKEN_EXCHANGE_URL: 'http://127.0.0.1:9',
          GATEHOUSE_SHUTDOWN_GRACE_MS: '1000',
        },
      });
      running[service] = { process, url };
    }
    await Promise.all(
      Object.values(running).map(({ process, url }) =>
        waitForHttp(`${url}/readyz`, { timeoutMs: 60_000, process }),
      ),
    );
  }, 120_000);

  afterAll(async () => {
    await Promise.all(Object.values(running).map(({ process }) => process.stop()));
    await kafka?.stop();
    await database?.drop();
  });

  async function readiness(service: string): Promise<{ code: number; body: Readiness }> {
    const res = await fetch(`${running[service]!.url}/readyz`);
    return { code: res.status, body: (await res.json()) as Readiness };
  }

  it('auth stays ready and serves its pages while Kafka is down; the delivery worker reports not ready', async () => {
    await kafka.stop();
    const auth = await waitUntil(
      'auth to notice Kafka is down',
      async () => {
        const answer = await readiness('auth');
        return answer.body.checks.kafka !== 'ok' && answer;
      },
      { intervalMs: 500 },
    );
    expect(auth.code).toBe(200);
    expect(auth.body.status).toBe('ready');
    expect(auth.body.checks).toMatchObject({ postgres: 'ok', redis: 'ok' });
    expect(auth.body.checks.kafka).not.toBe('ok');
    expect((await fetch(`${running.auth!.url}/oauth/login`)).status).toBe(200);

    const worker = await readiness('delivery-worker');
    expect(worker.code).toBe(503);
    expect(worker.body.status).toBe('not_ready');
    expect(worker.body.checks.kafka).not.toBe('ok');
  });
});
