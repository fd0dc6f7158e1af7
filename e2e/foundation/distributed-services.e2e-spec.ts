import {
  createScratchDatabase,
  exportedMetricNames,
  findFreePort,
  metricNamesOf,
  monitoringExpressions,
  NodeProcess,
  type ScratchDatabase,
  startNodeProcess,
  waitForHttp,
} from '@gatehouse/testing';
import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

// The production shape: each service its own process against the run's real PostgreSQL, Redis
// and Kafka (REDIS_URL and KAFKA_BROKERS come from the e2e global setup; the database is this
// suite's own, since its signing keys are sealed with this suite's encryption key).
const SERVICES = ['auth', 'token-exchange', 'webhook-management', 'delivery-worker'] as const;

describe('the four services as separate processes', () => {
  const running = new Map<string, { process: NodeProcess; url: string }>();
  let database: ScratchDatabase;

  beforeAll(async () => {
    database = await createScratchDatabase({
      prefix: 'gatehouse_services_e2e',
      onServerOf: process.env.DATABASE_URL!,
    });
    const migrate = startNodeProcess('dist/apps/cli/src/main.js', {
      args: ['admin', 'migrate'],
      env: { DATABASE_URL: database.url },
    });
    const migrated = await migrate.exited;
    if (migrated.code !== 0) throw new Error(`admin migrate failed:\n${migrate.output()}`);

    const secrets = {
      GATEHOUSE_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      GATEHOUSE_INTERNAL_TOKEN: randomBytes(32).toString('base64url'),
    };
    const ports = Object.fromEntries(
      await Promise.all(SERVICES.map(async (name) => [name, await findFreePort()] as const)),
    );
    for (const name of SERVICES) {
      const url = `http://127.0.0.1:${ports[name]}`;
      const process = startNodeProcess(`dist/apps/${name}/src/main.js`, {
        env: {
          ...secrets,
          DATABASE_URL: database.url,
          PORT: String(ports[name]),
          GATEHOUSE_PUBLIC_URL: `http://127.0.0.1:${ports.auth}`,
          GATEHOUSE_TOKEN_EXCHANGE_URL: `http://127.0.0.1:${ports['token-exchange']}`,
          GATEHOUSE_SHUTDOWN_GRACE_MS: '2000',
        },
      });
      running.set(name, { process, url });
    }
  });

  afterAll(async () => {
    await Promise.all([...running.values()].map(({ process }) => process.stop()));
    await database?.drop();
  });

  it.each(SERVICES)(
    '%s reports ready with its PostgreSQL, Redis and Kafka connections',
    async (name) => {
      const { process, url } = running.get(name)!;
      const response = await waitForHttp(`${url}/readyz`, { timeoutMs: 60_000, process });
      const readiness = (await response.json()) as {
        status: string;
        checks: Record<string, string>;
      };
      expect(readiness.status).toBe('ready');
      expect(readiness.checks).toMatchObject({ postgres: 'ok', redis: 'ok', kafka: 'ok' });
      expect(Object.values(readiness.checks).every((state) => state === 'ok')).toBe(true);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      expect(await (await fetch(`${url}/metrics`)).text()).toContain(`service="${name}"`);
      expect(process.logs.find((entry) => entry.msg === 'listening')).toMatchObject({
        service: name,
        level: 'info',
      });
    },
  );

  it('exports every metric the alerting rules and the dashboard read (k8s/monitoring, deploy/grafana)', async () => {
    const exported = new Set<string>();
    for (const { url } of running.values()) {
      const metrics = await fetch(`${url}/metrics`);
      expect(metrics.status).toBe(200);
      for (const name of exportedMetricNames(await metrics.text())) exported.add(name);
    }
    const missing = monitoringExpressions().flatMap(({ source, expr }) =>
      metricNamesOf(expr)
        .filter((name) => !exported.has(name) && !name.startsWith('kube_'))
        .map((name) => `${source}: ${name}`),
    );
    expect(missing).toEqual([]);
    for (const name of [
      'gatehouse_dependency_up',
      'gatehouse_outbox_oldest_unsent_seconds',
      'gatehouse_webhook_auto_disabled_total',
    ])
      expect({ name, exported: exported.has(name) }).toEqual({ name, exported: true });
  });

  it('each service names itself to PostgreSQL (application_name) and Redis (CLIENT SETNAME)', async () => {
    const pg = new Client({ connectionString: database.url });
    await pg.connect();
    const redis = new Redis(process.env.REDIS_URL!);
    try {
      const rows: Array<{ application_name: string }> = (
        await pg.query(
          `SELECT DISTINCT application_name FROM pg_stat_activity WHERE application_name LIKE 'gatehouse-%'`,
        )
      ).rows;
      expect(rows.map((row) => row.application_name)).toEqual(
        expect.arrayContaining(SERVICES.map((name) => `gatehouse-${name}`)),
      );
      const clients = (await redis.call('CLIENT', 'LIST')) as string;
      for (const name of SERVICES) expect(clients).toContain(` name=gatehouse-${name} `);
    } finally {
      await pg.end();
      redis.disconnect();
    }
  });

  it.each(SERVICES)('%s drains and exits 0 on SIGTERM', async (name) => {
    expect(await running.get(name)!.process.stop()).toEqual({ code: 0, signal: null });
  });
});

describe('a service with bad configuration', () => {
  it('stops at once with exit code 78, naming each bad variable', async () => {
    const auth = startNodeProcess('dist/apps/auth/src/main.js', {
      env: {
        DATABASE_URL: 'mysql://nope',
        GATEHOUSE_PUBLIC_URL: 'not a url',
        GATEHOUSE_ENCRYPTION_KEY: 'short',
      },
    });
    const { code } = await auth.exited;
    expect(code).toBe(78);
    expect(auth.output()).toContain('DATABASE_URL');
    expect(auth.output()).toContain('GATEHOUSE_PUBLIC_URL');
    expect(auth.output()).toContain('GATEHOUSE_ENCRYPTION_KEY');
  });
});
