import { aWebhookSettings } from '@gatehouse/domain/testing';
import { deliveryReplayRequestedEvent, Topics, webhookChangedEvent } from '@gatehouse/messaging';
import { ALICE, ALICE_JOB_ID, TOKENS } from '../testing/fixtures';
import {
  call,
  ENCRYPTION_KEY,
  startWebhooksTestApp,
  type WebhooksTestApp,
} from '../testing/webhooks-test-app';
import { SecretBox } from '@gatehouse/crypto';

interface OutboxRow {
  topic: string;
  key: string;
  value: string;
  headers: Record<string, string>;
}

describe('outbox events, activity and replay', () => {
  let server: WebhooksTestApp;
  const alice = (method: string, path: string, body?: unknown) =>
    call(server.baseUrl, method, path, {
      token: TOKENS.aliceWrite,
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  const outbox = async (key: string): Promise<OutboxRow[]> =>
    server.dataSource.query(
      'SELECT topic, key, value, headers FROM outbox WHERE key = $1 ORDER BY id',
      [key],
    );

  beforeAll(async () => {
    server = await startWebhooksTestApp();
  });

  afterAll(async () => {
    await server?.close();
  });

  it('writes one webhook.changed row per change, in the same transaction, never carrying a secret', async () => {
    const created = await alice('POST', '/api/settings/webhooks', {
      watched: [{ type: 'user', name: 'alice' }],
      jobSourceId: ALICE_JOB_ID,
      secret: 'hook-secret-1',
      secrets: { HF_TOKEN: 'hf_jobSecretValue' },
    });
    expect(created.status).toBe(201);
    const id: string = created.json.webhook.id;
    expect(created.json.webhook.job.secrets).toEqual(['HF_TOKEN']);
    expect(created.text).not.toContain('hf_jobSecretValue');

    await alice('POST', `/api/settings/webhooks/${id}`, {
      watched: [],
      jobSourceId: ALICE_JOB_ID,
      secrets: { HF_TOKEN: 'hf_rotated', EXTRA: 'x' },
    });
    await alice('POST', `/api/settings/webhooks/${id}/disable`);
    await alice('POST', `/api/settings/webhooks/${id}/enable`);
    expect((await alice('DELETE', `/api/settings/webhooks/${id}`)).status).toBe(204);

    const rows = await outbox(id);
    expect(rows.map((row) => row.topic)).toEqual(Array(5).fill('gatehouse.webhook-changed.v1'));
    expect(rows.map((row) => row.headers['gatehouse-webhook-revision'])).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
    const events = rows.map((row) => webhookChangedEvent.decode(row));
    expect(events.map((event) => event.data.change)).toEqual([
      'upserted',
      'upserted',
      'upserted',
      'upserted',
      'deleted',
    ]);
    expect(events[1]!.data).toEqual({
      change: 'upserted',
      webhookId: id,
      ownerId: ALICE.id,
      webhook: {
        ...aWebhookSettings({
          watched: [{ type: 'user', name: 'alice' }],
          domains: ['repo', 'discussion'],
        }),
        disabled: false,
        url: null,
        hasSecret: true,
        job: { jobId: ALICE_JOB_ID, secretNames: ['EXTRA', 'HF_TOKEN'] },
      },
    });
    expect(events[2]!.data).toMatchObject({ webhook: { disabled: true } });
    expect(events[4]!.data).toEqual({ change: 'deleted', webhookId: id, ownerId: ALICE.id });
    for (const row of rows) {
      expect(row.value).not.toMatch(/hook-secret-1|hf_jobSecretValue|hf_rotated/);
      expect(JSON.stringify(row.headers)).not.toMatch(/hook-secret-1|hf_/);
    }
  });

  it('stores the secrets sealed with the webhook id as context', async () => {
    const created = await alice('POST', '/api/settings/webhooks', {
      watched: [{ type: 'model', name: 'acme/bert' }],
      url: 'https://hooks.example.com/sealed',
      secret: 'plain-secret',
    });
    const id: string = created.json.webhook.id;
    const [row] = await server.dataSource.query(
      'SELECT secret_encrypted FROM webhooks WHERE id = $1',
      [id],
    );
    // Sealed, not merely encoded: a SecretBox envelope only the key opens, under this webhook's id.
    expect(row.secret_encrypted).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(SecretBox.fromBase64Key(ENCRYPTION_KEY).decrypt(row.secret_encrypted, id)).toBe(
      'plain-secret',
    );
  });

  describe('activity filters', () => {
    let id: string;
    const ids = (response: { json: { deliveries: Array<{ id: string }> } }) =>
      response.json.deliveries.map((delivery) => delivery.id);
    const activity = (query: string) =>
      alice('GET', `/api/settings/webhooks/${id}/activity?${query}`);

    beforeAll(async () => {
      id = (
        await alice('POST', '/api/settings/webhooks', {
          watched: [{ type: 'model', name: 'acme/bert' }],
          url: 'https://hooks.example.com/filters',
        })
      ).json.webhook.id;
      const payload = (scope: string, repo: string) =>
        JSON.stringify({ event: { action: 'update', scope }, repo: { type: 'model', name: repo } });
      await server.dataSource.query(
        `INSERT INTO deliveries (id, webhook_id, event_id, payload, status, attempts, created_at)
         VALUES ('65f100000000000000000001', $1, 'f-1', $2, 'succeeded', 1, '2026-11-20T10:00:00Z'),
                ('65f100000000000000000002', $1, 'f-2', $3, 'failed', 5, '2026-11-21T10:00:00Z'),
                ('65f100000000000000000003', $1, 'f-3', $4, 'retrying', 2, '2026-11-22T10:00:00Z'),
                ('65f100000000000000000004', $1, 'f-4', $5, 'rate_limited', 0, '2026-11-23T10:00:00Z'),
                ('65f100000000000000000005', $1, 'f-5', $6, 'pending', 0, '2026-11-24T10:00:00Z'),
                ('65f100000000000000000006', $1, 'f-6', $2, 'cancelled', 0, '2026-11-25T10:00:00Z')`,
        [
          id,
          payload('repo.content', 'acme/bert'),
          payload('repo', 'acme/bert'),
          payload('repo.config', 'acme/gpt'),
          payload('discussion', 'acme/bert'),
          payload('repository', 'acme/gpt'),
        ],
      );
    });

    it('narrows the deliveries by outcome: delivered, failed (given up, rate-limited, cancelled) or pending', async () => {
      expect(ids(await activity('outcome=delivered'))).toEqual(['65f100000000000000000001']);
      expect(ids(await activity('outcome=failed'))).toEqual([
        '65f100000000000000000006',
        '65f100000000000000000004',
        '65f100000000000000000002',
      ]);
      expect(ids(await activity('outcome=pending'))).toEqual([
        '65f100000000000000000005',
        '65f100000000000000000003',
      ]);
    });

    it('narrows by event scope (a scope also matches its sub-scopes), repository and time range, together and page by page', async () => {
      expect(ids(await activity('scope=repo'))).toEqual([
        '65f100000000000000000006',
        '65f100000000000000000003',
        '65f100000000000000000002',
        '65f100000000000000000001',
      ]);
      expect(ids(await activity('scope=repo.content'))).toEqual([
        '65f100000000000000000006',
        '65f100000000000000000001',
      ]);
      expect(ids(await activity('repo=acme%2Fgpt'))).toEqual([
        '65f100000000000000000005',
        '65f100000000000000000003',
      ]);
      expect(ids(await activity('since=2026-11-21T10:00:00Z&until=2026-11-23T10:00:00Z'))).toEqual([
        '65f100000000000000000003',
        '65f100000000000000000002',
      ]);
      expect(ids(await activity('outcome=failed&scope=repo&repo=acme%2Fbert'))).toEqual([
        '65f100000000000000000006',
        '65f100000000000000000002',
      ]);
      const first = await activity('scope=repo&limit=2');
      expect(ids(first)).toEqual(['65f100000000000000000006', '65f100000000000000000003']);
      const second = await activity(`scope=repo&limit=2&cursor=${first.json.nextCursor}`);
      expect(ids(second)).toEqual(['65f100000000000000000002', '65f100000000000000000001']);
      expect(second.json.nextCursor).toBeNull();
      expect(ids(await activity('repo=acme%2Fnone'))).toEqual([]);
    });

    it('answers 400 naming the parameter for a bad filter', async () => {
      const cases: Array<[string, string]> = [
        ['outcome=done', 'Invalid "outcome": must be delivered, failed or pending'],
        ['scope=Repo!', 'Invalid "scope": must be an event scope such as repo or repo.content'],
        ['repo=', 'Invalid "repo": must name a repository, e.g. acme/bert'],
        [
          'since=yesterday',
          'Invalid "since": must be an ISO 8601 date and time, e.g. 2026-11-01T00:00:00Z',
        ],
        [
          'since=2026-11-22T00:00:00Z&until=2026-11-21T00:00:00Z',
          'Invalid "until": must be later than since',
        ],
      ];
      for (const [query, error] of cases) {
        const response = await activity(query);
        expect({ query, status: response.status, error: response.json.error }).toEqual({
          query,
          status: 400,
          error,
        });
      }
    });
  });

  describe('replay all failed since', () => {
    let id: string;
    const since = '2026-11-20T00:00:00Z';

    beforeAll(async () => {
      id = (
        await alice('POST', '/api/settings/webhooks', {
          watched: [{ type: 'model', name: 'acme/bert' }],
          url: 'https://hooks.example.com/bulk',
        })
      ).json.webhook.id;
      const payload = JSON.stringify({ event: { action: 'update', scope: 'repo' } });
      // Before `since`; failed; rate-limited; delivered; failed but already replayed (and its replay delivered); cancelled.
      await server.dataSource.query(
        `INSERT INTO deliveries (id, webhook_id, event_id, payload, status, attempts, replay_of, created_at)
         VALUES ('65f200000000000000000001', $1, 'b-1', $2, 'failed', 5, NULL, '2026-11-19T10:00:00Z'),
                ('65f200000000000000000002', $1, 'b-2', $2, 'failed', 5, NULL, '2026-11-20T10:00:00Z'),
                ('65f200000000000000000003', $1, 'b-3', $2, 'rate_limited', 0, NULL, '2026-11-21T10:00:00Z'),
                ('65f200000000000000000004', $1, 'b-4', $2, 'succeeded', 1, NULL, '2026-11-22T10:00:00Z'),
                ('65f200000000000000000005', $1, 'b-5', $2, 'failed', 5, NULL, '2026-11-23T10:00:00Z'),
                ('65f200000000000000000006', $1, 'b-5', $2, 'succeeded', 1, '65f200000000000000000005', '2026-11-23T11:00:00Z'),
                ('65f200000000000000000007', $1, 'b-7', $2, 'cancelled', 0, NULL, '2026-11-24T10:00:00Z')`,
        [id, payload],
      );
    });

    it('counts the failed deliveries since a time that no delivery replays yet', async () => {
      const response = await alice(
        'GET',
        `/api/settings/webhooks/${id}/activity/replay-failed?since=${since}`,
      );
      expect(response.status).toBe(200);
      expect(response.json).toEqual({
        webhookId: id,
        since: '2026-11-20T00:00:00.000Z',
        failed: 3,
      });
    });

    it('queues a replay of each, oldest first, through the outbox, and answers how many', async () => {
      const response = await alice(
        'POST',
        `/api/settings/webhooks/${id}/activity/replay-failed?since=${since}`,
      );
      expect(response.status).toBe(202);
      expect(response.json).toEqual({
        webhookId: id,
        since: '2026-11-20T00:00:00.000Z',
        queued: 3,
      });
      const replays = (await outbox(id))
        .filter((row) => row.topic === Topics.deliveryReplay)
        .map((row) => deliveryReplayRequestedEvent.decode(row).data);
      expect(replays.map((replay) => replay.deliveryId)).toEqual([
        '65f200000000000000000002',
        '65f200000000000000000003',
        '65f200000000000000000007',
      ]);
      for (const replay of replays)
        expect(replay).toMatchObject({ webhookId: id, requestedBy: ALICE.id });
      expect(new Set(replays.map((replay) => replay.replayId)).size).toBe(3);
    });

    it('answers 400 without a valid since, 404 for a stranger, 409 while the webhook is disabled', async () => {
      for (const query of ['', '?since=yesterday']) {
        const response = await alice(
          'GET',
          `/api/settings/webhooks/${id}/activity/replay-failed${query}`,
        );
        expect(response.status).toBe(400);
        expect(response.json.error).toMatch(/^Invalid "since": /);
      }
      const stranger = await call(
        server.baseUrl,
        'GET',
        `/api/settings/webhooks/${id}/activity/replay-failed?since=${since}`,
        { token: TOKENS.bobWrite },
      );
      expect(stranger.status).toBe(404);
      await alice('POST', `/api/settings/webhooks/${id}/disable`);
      const conflict = await alice(
        'POST',
        `/api/settings/webhooks/${id}/activity/replay-failed?since=${since}`,
      );
      expect(conflict.status).toBe(409);
      expect(conflict.json).toEqual({
        error: 'The webhook is disabled; enable it to replay its deliveries',
      });
    });
  });

  describe('activity and replay', () => {
    let id: string;
    const payload = {
      event: { action: 'update', scope: 'repo.content' },
      repo: { type: 'model', name: 'acme/bert' },
      webhook: { id: 'x', version: 3 },
    };

    beforeAll(async () => {
      id = (
        await alice('POST', '/api/settings/webhooks', {
          watched: [{ type: 'model', name: 'acme/bert' }],
          url: 'https://hooks.example.com/act',
        })
      ).json.webhook.id;
      // As the delivery worker records them: an original with two attempts, a rate-limited event, a replay.
      await server.dataSource.query(
        `INSERT INTO deliveries (id, webhook_id, event_id, payload, status, attempts, last_status_code, last_error, replay_of, created_at)
         VALUES ('65f000000000000000000001', $1, 'evt-1', $2, 'succeeded', 2, 200, NULL, NULL, now() - interval '2 hours'),
                ('65f000000000000000000002', $1, 'evt-2', $2, 'rate_limited', 0, NULL, NULL, NULL, now() - interval '1 hour'),
                ('65f000000000000000000003', $1, 'evt-1', $2, 'failed', 1, NULL, 'connect ECONNREFUSED', '65f000000000000000000001', now() - interval '30 minutes')`,
        [id, JSON.stringify(payload)],
      );
      await server.dataSource.query(
        `INSERT INTO delivery_attempts (id, delivery_id, attempt_no, started_at, duration_ms, status_code, error, response_excerpt)
         VALUES ('65fa00000000000000000001', '65f000000000000000000001', 1, now() - interval '2 hours', 120, 503, NULL, 'busy'),
                ('65fa00000000000000000002', '65f000000000000000000001', 2, now() - interval '2 hours' + interval '5 seconds', 35, 200, NULL, 'ok'),
                ('65fa00000000000000000003', '65f000000000000000000003', 1, now() - interval '30 minutes', 4, NULL, 'connect ECONNREFUSED', NULL)`,
      );
    });

    it('lists recent deliveries newest first with event, time, status or error, attempts, duration and payload, and the trigger usage', async () => {
      const response = await alice('GET', `/api/settings/webhooks/${id}/activity`);
      expect(response.status).toBe(200);
      expect(response.json.triggers).toEqual({
        limit: 1000,
        used: 2,
        remaining: 998,
        windowHours: 24,
        retryAt: null,
      });
      expect(response.json).toMatchObject({ webhookId: id, disabled: false, disabledReason: null });
      const deliveries = response.json.deliveries;
      expect(deliveries.map((delivery: { id: string }) => delivery.id)).toEqual([
        '65f000000000000000000003',
        '65f000000000000000000002',
        '65f000000000000000000001',
      ]);
      expect(deliveries[2]).toMatchObject({
        eventId: 'evt-1',
        event: { action: 'update', scope: 'repo.content' },
        repo: 'acme/bert',
        status: 'succeeded',
        statusCode: 200,
        error: null,
        attempts: 2,
        durationMs: 35,
        replayOf: null,
        payload,
        attemptLog: [
          { attempt: 1, durationMs: 120, statusCode: 503, error: null, response: 'busy' },
          { attempt: 2, durationMs: 35, statusCode: 200, error: null, response: 'ok' },
        ],
      });
      expect(Date.parse(deliveries[2].createdAt)).toBeGreaterThan(Date.now() - 3 * 3_600_000);
      expect(deliveries[0]).toMatchObject({
        status: 'failed',
        statusCode: null,
        error: 'connect ECONNREFUSED',
        replayOf: '65f000000000000000000001',
      });
      expect(deliveries[1]).toMatchObject({
        status: 'rate_limited',
        attempts: 0,
        durationMs: null,
        attemptLog: [],
      });
    });

    it('pages the activity: nextCursor continues after the last delivery shown, null on the last page', async () => {
      const first = await alice('GET', `/api/settings/webhooks/${id}/activity?limit=2`);
      expect(first.status).toBe(200);
      expect(first.json.deliveries.map((delivery: { id: string }) => delivery.id)).toEqual([
        '65f000000000000000000003',
        '65f000000000000000000002',
      ]);
      expect(first.json.nextCursor).toBe('65f000000000000000000002');
      const second = await alice(
        'GET',
        `/api/settings/webhooks/${id}/activity?limit=2&cursor=${first.json.nextCursor}`,
      );
      expect(second.json.deliveries.map((delivery: { id: string }) => delivery.id)).toEqual([
        '65f000000000000000000001',
      ]);
      expect(second.json.nextCursor).toBeNull();
      const foreign = await alice(
        'GET',
        `/api/settings/webhooks/${id}/activity?cursor=65f0000000000000000000ff`,
      );
      expect(foreign.status).toBe(400);
      expect(foreign.json).toEqual({
        error: 'cursor: not a delivery of this webhook; use the nextCursor of the previous page',
      });
    });

    it('shows one delivery with the request as the worker sends it, secret and signature masked', async () => {
      const secretHook = (
        await alice('POST', '/api/settings/webhooks', {
          watched: [{ type: 'model', name: 'acme/bert' }],
          url: 'https://hooks.example.com/masked',
          secret: 'never-shown',
        })
      ).json.webhook.id;
      await server.dataSource.query(
        `INSERT INTO deliveries (id, webhook_id, event_id, payload, status, attempts, last_status_code) VALUES ('65f000000000000000000009', $1, 'evt-9', $2, 'succeeded', 1, 204)`,
        [secretHook, JSON.stringify(payload)],
      );
      await server.dataSource.query(
        `INSERT INTO delivery_attempts (id, delivery_id, attempt_no, started_at, duration_ms, status_code, error, response_excerpt)
         VALUES ('65fa00000000000000000009', '65f000000000000000000009', 1, '2026-11-20T10:00:00Z', 12, 204, NULL, '')`,
      );
      const response = await alice(
        'GET',
        `/api/settings/webhooks/${secretHook}/activity/65f000000000000000000009`,
      );
      expect(response.status).toBe(200);
      expect(response.text).not.toContain('never-shown');
      expect(response.json).toMatchObject({
        id: '65f000000000000000000009',
        status: 'succeeded',
        statusCode: 204,
        payload,
        attemptLog: [{ attempt: 1, statusCode: 204 }],
      });
      expect(response.json.request).toEqual({
        method: 'POST',
        url: 'https://hooks.example.com/masked',
        headers: {
          'content-type': 'application/json',
          'x-webhook-secret': '********',
          'webhook-id': '65f000000000000000000009',
          'webhook-timestamp': String(Date.parse('2026-11-20T10:00:00Z') / 1000),
          'webhook-signature': 'v1,********',
        },
        // The bytes signed, in the payload's key order (jsonb hands back `repo` before `event`).
        body: '{"event":{"action":"update","scope":"repo.content"},"repo":{"type":"model","name":"acme/bert"},"webhook":{"id":"x","version":3}}',
      });
      const missing = await alice(
        'GET',
        `/api/settings/webhooks/${secretHook}/activity/65f000000000000000000001`,
      );
      expect(missing.status).toBe(404);
      expect(missing.json).toEqual({ error: 'Delivery not found' });
    });

    it('replays a delivery: 202 with the new delivery id, and a replay request in the outbox', async () => {
      const response = await alice(
        'POST',
        `/api/settings/webhooks/${id}/activity/65f000000000000000000001/replay`,
      );
      expect(response.status).toBe(202);
      expect(response.json).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        replayOf: '65f000000000000000000001',
        webhookId: id,
        status: 'queued',
      });
      const [row] = (await outbox(id)).filter((message) => message.topic === Topics.deliveryReplay);
      const event = deliveryReplayRequestedEvent.decode(row!);
      expect(event.data).toEqual({
        replayId: response.json.id,
        webhookId: id,
        deliveryId: '65f000000000000000000001',
        requestedBy: ALICE.id,
        requestedAt: expect.any(String),
      });
    });

    it('answers 404 for a delivery of another webhook, and 409 while the webhook is disabled', async () => {
      const other = (
        await alice('POST', '/api/settings/webhooks', {
          watched: [{ type: 'model', name: 'acme/x' }],
          url: 'https://hooks.example.com/other',
        })
      ).json.webhook.id;
      const notFound = await alice(
        'POST',
        `/api/settings/webhooks/${other}/activity/65f000000000000000000001/replay`,
      );
      expect(notFound.status).toBe(404);
      expect(notFound.json).toEqual({ error: 'Delivery not found' });
      await alice('POST', `/api/settings/webhooks/${id}/disable`);
      const conflict = await alice(
        'POST',
        `/api/settings/webhooks/${id}/activity/65f000000000000000000001/replay`,
      );
      expect(conflict.status).toBe(409);
      expect(conflict.json).toEqual({
        error: 'The webhook is disabled; enable it to replay a delivery',
      });
    });

    it('deleting the webhook removes its delivery records', async () => {
      expect((await alice('DELETE', `/api/settings/webhooks/${id}`)).status).toBe(204);
      const [{ count }] = await server.dataSource.query(
        'SELECT count(*)::int AS count FROM deliveries WHERE webhook_id = $1',
        [id],
      );
      expect(count).toBe(0);
      expect((await alice('GET', `/api/settings/webhooks/${id}/activity`)).status).toBe(404);
    });
  });
});
