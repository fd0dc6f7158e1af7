import { SecretBox } from '@gatehouse/crypto';
import { type RepoChangeEvent } from '@gatehouse/domain';
import { aRepoChangeEvent } from '@gatehouse/domain/testing';
import { standardWebhookSecret } from '@gatehouse/domain/testing';
import {
  deliveryReplayRequestedEvent,
  KafkaEventBus,
  repoChangedMessage,
  WEBHOOK_REVISION_HEADER,
  webhookChangedEvent,
} from '@gatehouse/messaging';
import type { RunningService } from '@gatehouse/platform/testing';
import {
  createMigratedTestDatabase,
  type MigratedTestDatabase,
  waitUntil,
  testRedisPrefix,
} from '@gatehouse/testing';
import { type Admin, Kafka, logLevel } from 'kafkajs';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import type { DataSource } from 'typeorm';
import {
  ACME,
  BOB,
  insertSourceJob,
  insertWebhook,
  newId,
  seedAccounts,
} from './testing/delivery.fixture';
import { startDeliveryApp } from './testing/delivery-test-app';
import { Receiver } from './testing/receiver';

const KEY = randomBytes(32).toString('base64');
const box = SecretBox.fromBase64Key(KEY);
const suffix = randomBytes(4).toString('hex');
const topics = {
  repoEvents: `gatehouse.repo-events.v1.it-${suffix}`,
  webhookChanged: `gatehouse.webhook-changed.v1.it-${suffix}`,
  deadLetter: `gatehouse.delivery-dlq.v1.it-${suffix}`,
  replays: `gatehouse.delivery-replay.v1.it-${suffix}`,
  webhookNotices: `gatehouse.webhook-notices.v1.it-${suffix}`,
};
const INTERNAL_TOKEN = `it-${suffix}-internal-token`;
const quiet = {
  info: () => undefined,
  warn: () => undefined,
  error: (details: object, message: string) => console.error(message, details),
};
const DUMP_ENV = 'require("fs").writeFileSync(process.argv[1], JSON.stringify(process.env))';

function event(
  repo: {
    name: string;
    id: string;
    private?: boolean;
    ownerId?: string;
    type?: 'model' | 'dataset';
  },
  id = `evt-${newId()}`,
): RepoChangeEvent {
  const [owner] = repo.name.split('/');
  return aRepoChangeEvent({
    id,
    time: new Date().toISOString(),
    repo: {
      type: repo.type ?? 'model',
      name: repo.name,
      id: repo.id,
      private: repo.private ?? false,
      owner: { id: repo.ownerId ?? ACME, name: owner! },
    },
  });
}

describe('delivery pipeline on Kafka, PostgreSQL and Redis', () => {
  let database: MigratedTestDatabase;
  let ds: DataSource;
  let app: RunningService;
  let producer: KafkaEventBus;
  let admin: Admin;
  let receiver: Receiver;
  let receiverUrl: string;
  let jobDir: string;

  beforeAll(async () => {
    database = await createMigratedTestDatabase({ poolSize: 4 });
    ds = database.dataSource;
    await seedAccounts(ds);
    receiver = new Receiver();
    receiverUrl = await receiver.start();
    jobDir = await mkdtemp(join(tmpdir(), 'gatehouse-delivery-it-'));
    // A worker running as root starts local Jobs as nobody, who writes the Job's report here.
    await chmod(jobDir, 0o777);
    producer = new KafkaEventBus({
      brokers: process.env.KAFKA_BROKERS!.split(','),
      clientId: `delivery-it-producer-${suffix}`,
      logger: quiet,
    });
    admin = new Kafka({
      brokers: process.env.KAFKA_BROKERS!.split(','),
      clientId: `delivery-it-admin-${suffix}`,
      logLevel: logLevel.NOTHING,
    }).admin();
    await admin.connect();
  });

  afterAll(async () => {
    await app?.close();
    await producer?.close();
    await admin?.disconnect();
    await receiver?.stop();
    if (database) await database.drop();
    if (jobDir) await rm(jobDir, { recursive: true, force: true });
  });

  async function startApp(): Promise<void> {
    app = await startDeliveryApp({
      databaseUrl: database.url,
      redisUrl: process.env.REDIS_URL!,
      redisPrefix: testRedisPrefix('delivery'),
      brokers: process.env.KAFKA_BROKERS!.split(','),
      internalToken: INTERNAL_TOKEN,
      delivery: {
        publicUrl: 'https://hub.example',
        encryptionKey: KEY,
        allowLoopbackTargets: true,
        retryScheduleSeconds: [1, 1],
        timeoutMs: 5_000,
        dailyTriggerLimit: 1_000,
        jobLauncher: 'local',
        topics,
        groupId: `delivery-it-${suffix}`,
        tuning: { pollIntervalMs: 100, leaseMs: 15_000, membershipRefreshMs: 60_000 },
      },
    });
  }

  async function publish(...events: RepoChangeEvent[]): Promise<void> {
    await producer.publish(topics.repoEvents, events.map(repoChangedMessage));
  }

  /**
   * Whether the worker's group has committed past every repo event published so far. The intake
   * resolves only once an event's deliveries are recorded, so the deliveries table is then final
   * for those events: what was not recorded will not be, and needs no wait to show it.
   */
  async function everyEventHandled(): Promise<boolean> {
    const [published, [committed]] = await Promise.all([
      admin.fetchTopicOffsets(topics.repoEvents),
      admin.fetchOffsets({ groupId: `delivery-it-${suffix}`, topics: [topics.repoEvents] }),
    ]);
    const at = new Map(committed!.partitions.map((p) => [p.partition, Number(p.offset)]));
    return published.every((p) => Number(p.high) === 0 || at.get(p.partition) === Number(p.high));
  }

  const deliveriesOf = (webhookId: string) =>
    ds.query(
      `SELECT id, event_id, status, attempts, replay_of, last_status_code FROM deliveries WHERE webhook_id = $1 ORDER BY created_at, id`,
      [webhookId],
    ) as Promise<
      Array<{
        id: string;
        event_id: string;
        status: string;
        attempts: number;
        replay_of: string | null;
        last_status_code: number | null;
      }>
    >;

  const ids: Record<string, string> = {};
  let jobOut: string;

  beforeAll(async () => {
    jobOut = join(jobDir, 'job-env.json');
    ids.repoWatcher = await insertWebhook(ds, box, {
      url: `${receiverUrl}/repo-watcher`,
      secret: 'watcher-secret',
      watched: [{ type: 'model', name: 'acme/bert' }],
    });
    ids.orgWatcher = await insertWebhook(ds, box, {
      url: `${receiverUrl}/org-watcher`,
      watched: [{ type: 'org', name: 'acme' }],
      domains: ['repo'],
    });
    ids.otherRepo = await insertWebhook(ds, box, {
      url: `${receiverUrl}/other-repo`,
      watched: [{ type: 'model', name: 'acme/gpt' }],
    });
    ids.discussionsOnly = await insertWebhook(ds, box, {
      url: `${receiverUrl}/discussions-only`,
      watched: [{ type: 'model', name: 'acme/bert' }],
      domains: ['discussion'],
    });
    ids.disabled = await insertWebhook(ds, box, {
      url: `${receiverUrl}/disabled`,
      watched: [{ type: 'model', name: 'acme/bert' }],
      disabled: true,
    });
    ids.outsider = await insertWebhook(ds, box, {
      ownerId: BOB,
      url: `${receiverUrl}/outsider`,
      watched: [{ type: 'org', name: 'acme' }],
    });
    ids.flaky = await insertWebhook(ds, box, {
      ownerId: BOB,
      url: `${receiverUrl}/flaky`,
      watched: [{ type: 'dataset', name: 'bob/flaky' }],
    });
    ids.busy = await insertWebhook(ds, box, {
      ownerId: BOB,
      url: `${receiverUrl}/busy`,
      watched: [{ type: 'dataset', name: 'bob/busy' }],
    });
    ids.gone = await insertWebhook(ds, box, {
      ownerId: BOB,
      url: `${receiverUrl}/gone`,
      watched: [{ type: 'dataset', name: 'bob/gone' }],
    });
    ids.ingested = await insertWebhook(ds, box, {
      ownerId: BOB,
      url: `${receiverUrl}/ingested`,
      watched: [{ type: 'dataset', name: 'bob/ingested' }],
    });
    ids.replayed = await insertWebhook(ds, box, {
      ownerId: BOB,
      url: `${receiverUrl}/replay-before`,
      secret: 'before',
      watched: [{ type: 'dataset', name: 'bob/replayed' }],
    });
    const sourceJob = await insertSourceJob(ds, box, {
      command: ['python', 'train.py'],
      environment: { JOB_MODE: 'nightly' },
      secrets: { SOURCE_ONLY_SECRET: 'never-pass-me' },
    });
    ids.job = await insertWebhook(ds, box, {
      ownerId: BOB,
      secret: 'job-hook-secret',
      watched: [{ type: 'dataset', name: 'bob/job-data' }],
      job: {
        sourceId: sourceJob,
        spec: {
          command: [process.execPath, '-e', DUMP_ENV],
          arguments: [jobOut],
          environment: { JOB_MODE: 'nightly' },
        },
        secrets: { HF_TOKEN: 'hf_from_the_webhook' },
      },
    });
    await startApp();
  });

  it('delivers to the matching receivers exactly the payload and headers, signed; others get nothing', async () => {
    const published = event({ name: 'acme/bert', id: '65c000000000000000000001' });
    const secretRepo = event({
      name: 'acme/secret-model',
      id: '65c000000000000000000002',
      private: true,
    });
    await publish(published, secretRepo);
    await receiver.waitFor(
      (requests) =>
        requests.filter((r) => r.path === '/repo-watcher').length === 1 &&
        requests.filter((r) => r.path === '/org-watcher').length === 2,
    );

    const [toRepoWatcher] = receiver.at('/repo-watcher');
    const [delivery] = await deliveriesOf(ids.repoWatcher!);
    expect(JSON.parse(toRepoWatcher!.body)).toEqual({
      event: { action: 'update', scope: 'repo.content' },
      repo: {
        type: 'model',
        name: 'acme/bert',
        id: '65c000000000000000000001',
        private: false,
        url: {
          web: 'https://hub.example/acme/bert',
          api: 'https://hub.example/api/models/acme/bert',
        },
        owner: { id: ACME },
      },
      webhook: { id: ids.repoWatcher, version: 3 },
      updatedRefs: [
        {
          ref: 'refs/heads/main',
          oldSha: null,
          newSha: 'c379e821c9c95d613899e8c4343e4bfee2b0c600',
        },
      ],
    });
    expect(toRepoWatcher!.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Gatehouse-Webhooks/1.0',
      'x-webhook-secret': 'watcher-secret',
      'webhook-id': delivery!.id,
      'webhook-timestamp': expect.stringMatching(/^\d+$/),
      'webhook-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]+=*$/),
    });
    const verified = new Webhook(standardWebhookSecret('watcher-secret')).verify(
      toRepoWatcher!.body,
      toRepoWatcher!.headers as Record<string, string>,
    );
    expect(verified).toEqual(JSON.parse(toRepoWatcher!.body));
    await waitUntil(
      'the delivery to be recorded as succeeded',
      async () => (await deliveriesOf(ids.repoWatcher!))[0]?.status === 'succeeded',
    );
    expect((await deliveriesOf(ids.repoWatcher!))[0]).toMatchObject({
      event_id: published.id,
      status: 'succeeded',
      attempts: 1,
      last_status_code: 200,
    });

    // alice, a member of acme, watches acme: the public and the private repository's events, unsigned (no secret).
    const toOrgWatcher = receiver
      .at('/org-watcher')
      .map((request) => JSON.parse(request.body) as { repo: { name: string; private: boolean } });
    expect(
      toOrgWatcher.map((payload) => `${payload.repo.name}:${payload.repo.private}`).sort(),
    ).toEqual(['acme/bert:false', 'acme/secret-model:true']);
    expect(receiver.at('/org-watcher')[0]!.headers['webhook-signature']).toBeUndefined();
    expect(receiver.at('/org-watcher')[0]!.headers['x-webhook-secret']).toBeUndefined();

    // bob, not a member, gets the public event only.
    await receiver.waitFor((requests) => requests.some((r) => r.path === '/outsider'));
    await waitUntil('the worker to have handled every event', everyEventHandled);
    expect((await deliveriesOf(ids.outsider!)).map((row) => row.event_id)).toEqual([published.id]);
    expect(
      receiver
        .at('/outsider')
        .map((request) => (JSON.parse(request.body) as { repo: { name: string } }).repo.name),
    ).toEqual(['acme/bert']);
    for (const path of ['/other-repo', '/discussions-only', '/disabled'])
      expect(receiver.at(path)).toEqual([]);
    for (const webhook of [ids.otherRepo!, ids.discussionsOnly!, ids.disabled!])
      expect(await deliveriesOf(webhook)).toEqual([]);
  });

  it('retries a receiver answering 500 twice then 200: the third attempt delivers, three attempts recorded', async () => {
    receiver.answer = (path, call) => (path === '/flaky' && call <= 2 ? 500 : 200);
    await publish(
      event({ name: 'bob/flaky', id: '65c000000000000000000003', type: 'dataset', ownerId: BOB }),
    );
    await receiver.waitFor(
      (requests) => requests.filter((r) => r.path === '/flaky').length === 3,
      30_000,
      'three attempts',
    );

    const attempts = receiver.at('/flaky');
    expect(new Set(attempts.map((request) => request.headers['webhook-id'])).size).toBe(1);
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(700);
    const [delivery] = await waitUntil('the delivery to succeed', async () => {
      const rows = await deliveriesOf(ids.flaky!);
      return rows[0]?.status === 'succeeded' ? rows : null;
    });
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 3, last_status_code: 200 });
    const logged = await ds.query(
      `SELECT attempt_no, status_code, error, response_excerpt FROM delivery_attempts WHERE delivery_id = $1 ORDER BY attempt_no`,
      [delivery!.id],
    );
    expect(logged).toEqual([
      {
        attempt_no: 1,
        status_code: 500,
        error: 'the receiver answered HTTP 500',
        response_excerpt: 'no (500)',
      },
      {
        attempt_no: 2,
        status_code: 500,
        error: 'the receiver answered HTTP 500',
        response_excerpt: 'no (500)',
      },
      { attempt_no: 3, status_code: 200, error: null, response_excerpt: 'thanks' },
    ]);
  });

  it('POST /internal/events: 401 without the token, 400 naming the field, 202 with the ids, then delivered', async () => {
    const post = (body: unknown, token: string | null = INTERNAL_TOKEN) =>
      fetch(`${app.url}/internal/events`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
    const ingested = event(
      { name: 'bob/ingested', id: '65c000000000000000000004', type: 'dataset', ownerId: BOB },
      'evt-ingested-1',
    );

    const unauthorized = await post(ingested, null);
    expect(unauthorized.status).toBe(401);
    expect(await unauthorized.json()).toEqual({
      error: 'Invalid or missing internal service token',
    });

    const invalid = await post([
      ingested,
      { ...ingested, repo: { ...ingested.repo, type: 'notebook' } },
    ]);
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ error: expect.stringMatching(/^\[1\]\.repo\.type: /) });

    const accepted = await post(ingested);
    expect(accepted.status).toBe(202);
    expect(await accepted.json()).toEqual({ ids: ['evt-ingested-1'] });
    await receiver.waitFor((requests) => requests.some((r) => r.path === '/ingested'));
    expect(JSON.parse(receiver.at('/ingested')[0]!.body)).toMatchObject({
      repo: { name: 'bob/ingested', type: 'dataset' },
      webhook: { id: ids.ingested },
    });
  });

  it('disabling a webhook (a webhook.changed event) cancels its pending retry and stops its deliveries', async () => {
    receiver.answer = (path) => (path === '/busy' ? 503 : 200);
    await publish(
      event(
        { name: 'bob/busy', id: '65c000000000000000000005', type: 'dataset', ownerId: BOB },
        'evt-busy-1',
      ),
    );
    const [retrying] = await waitUntil('a retry to be scheduled', async () => {
      const rows = await deliveriesOf(ids.busy!);
      return rows[0]?.status === 'retrying' ? rows : null;
    });
    expect(retrying).toMatchObject({ attempts: 1, last_status_code: 503 });

    await ds.query(`UPDATE webhooks SET disabled = true, revision = revision + 1 WHERE id = $1`, [
      ids.busy,
    ]);
    await producer.publish(topics.webhookChanged, [webhookChanged(ids.busy!, BOB, 2, true)]);
    await waitUntil(
      'the retry to be cancelled',
      async () => (await deliveriesOf(ids.busy!))[0]?.status === 'cancelled',
    );

    await publish(
      event(
        { name: 'bob/busy', id: '65c000000000000000000005', type: 'dataset', ownerId: BOB },
        'evt-busy-2',
      ),
    );
    await waitUntil('the worker to have handled every event', everyEventHandled);
    expect(await deliveriesOf(ids.busy!)).toEqual([
      expect.objectContaining({ event_id: 'evt-busy-1', status: 'cancelled', attempts: 1 }),
    ]);
    expect(receiver.at('/busy')).toHaveLength(1);
  });

  it('a receiver answering 410 Gone dead-letters the delivery and disables the webhook, announced through the outbox and told to its owner (failing, then disabled)', async () => {
    receiver.answer = (path) => (path === '/gone' ? 410 : 200);
    await publish(
      event(
        { name: 'bob/gone', id: '65c000000000000000000006', type: 'dataset', ownerId: BOB },
        'evt-gone-1',
      ),
    );
    const [webhook] = await waitUntil('the webhook to be disabled', async () => {
      const rows: Array<{ disabled: boolean; disabled_reason: string; revision: number }> =
        await ds.query('SELECT disabled, disabled_reason, revision FROM webhooks WHERE id = $1', [
          ids.gone,
        ]);
      return rows[0]?.disabled ? rows : null;
    });
    expect(webhook).toEqual({
      disabled: true,
      disabled_reason: 'Disabled automatically: the receiver answered 410 Gone',
      revision: 2,
    });
    expect((await deliveriesOf(ids.gone!))[0]).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_status_code: 410,
    });
    const outbox: Array<{ topic: string; key: string; sent: boolean }> = await waitUntil(
      'the dead letter, the webhook change and the owner’s notices to be relayed',
      async () => {
        const rows: Array<{ topic: string; key: string; sent: boolean }> = await ds.query(
          'SELECT topic, key, sent_at IS NOT NULL AS sent FROM outbox WHERE key = $1 ORDER BY id',
          [ids.gone],
        );
        return rows.length === 4 && rows.every((row) => row.sent) ? rows : null;
      },
    );
    // The owner is told twice: the webhook started failing, and it was disabled.
    expect(outbox.map((row) => row.topic).sort()).toEqual(
      [
        topics.deadLetter,
        topics.webhookChanged,
        topics.webhookNotices,
        topics.webhookNotices,
      ].sort(),
    );
  });

  it('a Job webhook runs a local Job with the payload and the webhook secrets, not the source Job secrets', async () => {
    const published = event(
      { name: 'bob/job-data', id: '65c000000000000000000007', type: 'dataset', ownerId: BOB },
      'evt-job-1',
    );
    await publish(published);
    const environment = await waitUntil('the Job to run', async () =>
      readFile(jobOut, 'utf8').then(
        (text) => JSON.parse(text) as Record<string, string>,
        () => null,
      ),
    );
    expect(Object.keys(environment).sort()).toEqual([
      'HF_TOKEN',
      'JOB_MODE',
      'PATH',
      'WEBHOOK_PAYLOAD',
      'WEBHOOK_REPO_ID',
      'WEBHOOK_REPO_TYPE',
      'WEBHOOK_SECRET',
    ]);
    expect(environment).toMatchObject({
      HF_TOKEN: 'hf_from_the_webhook',
      JOB_MODE: 'nightly',
      WEBHOOK_REPO_ID: 'bob/job-data',
      WEBHOOK_REPO_TYPE: 'dataset',
      WEBHOOK_SECRET: 'job-hook-secret',
    });
    expect(JSON.parse(environment.WEBHOOK_PAYLOAD!)).toMatchObject({
      event: { action: 'update', scope: 'repo.content' },
      repo: { name: 'bob/job-data' },
      webhook: { id: ids.job, version: 3 },
    });
    expect(JSON.stringify(environment)).not.toContain('never-pass-me');

    const [delivery] = await deliveriesOf(ids.job!);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1 });
    const runs = await waitUntil('the Job run to be recorded as finished', async () => {
      const rows: Array<{ launcher: string; status: string; exit_code: number | null }> =
        await ds.query('SELECT launcher, status, exit_code FROM job_runs WHERE delivery_id = $1', [
          delivery!.id,
        ]);
      return rows[0]?.status === 'succeeded' ? rows : null;
    });
    expect(runs).toEqual([{ launcher: 'local', status: 'succeeded', exit_code: 0 }]);
  });

  it('replays a stored payload to the webhook current URL and secret, as a new delivery', async () => {
    await publish(
      event(
        { name: 'bob/replayed', id: '65c000000000000000000008', type: 'dataset', ownerId: BOB },
        'evt-replayed-1',
      ),
    );
    await receiver.waitFor((requests) => requests.some((r) => r.path === '/replay-before'));
    const [original] = await waitUntil('the original delivery', async () => {
      const rows = await deliveriesOf(ids.replayed!);
      return rows[0]?.status === 'succeeded' ? rows : null;
    });

    const context = ids.replayed!;
    await ds.query(
      `UPDATE webhooks SET url = $2, secret_encrypted = $3, revision = revision + 1 WHERE id = $1`,
      [context, `${receiverUrl}/replay-after`, box.encrypt('after', context)],
    );
    await producer.publish(topics.webhookChanged, [
      webhookChanged(context, BOB, 2, false, `${receiverUrl}/replay-after`),
    ]);
    const replayId = newId();
    await producer.publish(topics.replays, [
      deliveryReplayRequestedEvent.encode(
        {
          replayId,
          webhookId: context,
          deliveryId: original!.id,
          requestedBy: BOB,
          requestedAt: new Date().toISOString(),
        },
        { key: context, id: replayId },
      ),
    ]);
    await receiver.waitFor((requests) => requests.some((r) => r.path === '/replay-after'));
    const [replayed] = receiver.at('/replay-after');
    expect(replayed!.headers).toMatchObject({
      'x-webhook-secret': 'after',
      'webhook-id': replayId,
    });
    expect(replayed!.body).toBe(receiver.at('/replay-before')[0]!.body);
    await waitUntil('the replay to be recorded', async () =>
      (await deliveriesOf(context)).some(
        (row) => row.id === replayId && row.status === 'succeeded',
      ),
    );
    expect((await deliveriesOf(context)).find((row) => row.id === replayId)).toMatchObject({
      replay_of: original!.id,
      event_id: 'evt-replayed-1',
    });
  });

  it('exposes its metrics on /metrics', async () => {
    const text = await (await fetch(`${app.url}/metrics`)).text();
    expect(text).toMatch(
      /gatehouse_webhook_deliveries_total\{outcome="succeeded",target="url",service="delivery-int-spec"\} \d+/,
    );
    expect(text).toMatch(
      /gatehouse_webhook_deliveries_total\{outcome="failed",target="url",service="delivery-int-spec"\} 1/,
    );
    expect(text).toContain('gatehouse_webhook_delivery_attempt_duration_seconds_bucket');
    expect(text).toMatch(
      /gatehouse_webhook_consumer_lag_seconds\{partition="\d+",service="delivery-int-spec"\}/,
    );
    expect(text).toContain('gatehouse_webhook_delivery_retries_pending');
  });
});

function webhookChanged(
  webhookId: string,
  ownerId: string,
  revision: number,
  disabled: boolean,
  url = 'https://example.com/hook',
) {
  return webhookChangedEvent.encode(
    {
      change: 'upserted',
      webhookId,
      ownerId,
      webhook: {
        watched: [{ type: 'dataset', name: 'bob/x' }],
        domains: ['repo', 'discussion'],
        disabled,
        url,
        hasSecret: true,
      },
    },
    { key: webhookId, headers: { [WEBHOOK_REVISION_HEADER]: String(revision) } },
  );
}
