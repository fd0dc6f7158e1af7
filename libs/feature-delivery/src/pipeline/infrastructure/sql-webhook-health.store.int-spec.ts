import { SecretBox } from '@gatehouse/crypto';
import { HEALTHY_WEBHOOK } from '@gatehouse/domain';
import { createMigratedTestDatabase, type MigratedTestDatabase } from '@gatehouse/testing';
import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { insertWebhook, seedAccounts } from '../../testing/delivery.fixture';
import { WebhookHealthStore } from '../ports/webhook-health.store';
import { sqlWebhookHealthStoreProvider } from './sql-webhook-health.store';

const TOPIC = 'gatehouse.webhook-notices.v1';
const AT = Date.UTC(2026, 5, 1, 12);
const FAILING = { state: 'failing' as const, failingSince: AT, lastError: 'HTTP 500' };

describe('SqlWebhookHealthStore on PostgreSQL', () => {
  let database: MigratedTestDatabase;
  let store: WebhookHealthStore;
  let webhookId: string;

  beforeAll(async () => {
    database = await createMigratedTestDatabase({ poolSize: 2 });
    await seedAccounts(database.dataSource);
    webhookId = await insertWebhook(
      database.dataSource,
      SecretBox.fromBase64Key(randomBytes(32).toString('base64')),
      { url: 'https://receiver.example/hook', watched: [{ type: 'org', name: 'acme' }] },
    );
    const provider = sqlWebhookHealthStoreProvider(TOPIC) as {
      useFactory: (dataSource: DataSource) => WebhookHealthStore;
    };
    store = provider.useFactory(database.dataSource);
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('stores a change with its notice in the outbox, once, and nothing over a change made meanwhile', async () => {
    expect(await store.read(webhookId)).toEqual(HEALTHY_WEBHOOK);
    const change = {
      webhookId,
      expected: HEALTHY_WEBHOOK,
      next: FAILING,
      notice: 'started_failing' as const,
      now: new Date(AT),
    };
    expect(await store.write(change)).toBe(true);
    // A second worker that read it healthy too writes nothing and raises nothing.
    expect(await store.write(change)).toBe(false);
    expect(await store.read(webhookId)).toEqual(FAILING);

    const outbox: Array<{ topic: string; key: string; value: string }> =
      await database.dataSource.query(`SELECT topic, key, value FROM outbox WHERE topic = $1`, [
        TOPIC,
      ]);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.key).toBe(webhookId);
    expect(JSON.parse(outbox[0]!.value)).toMatchObject({
      type: 'webhook.notice_raised',
      data: {
        noticeId: `${webhookId}-started_failing-${AT}`,
        webhookId,
        notice: 'started_failing',
        target: 'https://receiver.example/hook',
        failingSince: new Date(AT).toISOString(),
        lastError: 'HTTP 500',
      },
    });
  });

  it('writes nothing for a webhook that is gone', async () => {
    expect(
      await store.write({
        webhookId: 'ffffffffffffffffffffffff',
        expected: HEALTHY_WEBHOOK,
        next: FAILING,
        notice: 'started_failing',
        now: new Date(AT),
      }),
    ).toBe(false);
  });
});
