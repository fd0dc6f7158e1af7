import { Injectable, type Provider } from '@nestjs/common';
import { HEALTHY_WEBHOOK, type WebhookHealth, type WebhookHealthState } from '@gatehouse/domain';
import { Topics, webhookNoticeRaisedEvent } from '@gatehouse/messaging';
import { appendOutbox } from '@gatehouse/persistence';
import { DataSource } from 'typeorm';
import { type WebhookHealthChange, WebhookHealthStore } from '../ports/webhook-health.store';

interface HealthRow {
  state: WebhookHealthState;
  failing_since: Date | null;
  last_error: string | null;
}

/** The `WebhookHealthStore` provider: this adapter on the injected DataSource, noticing on `topic`. */
export function sqlWebhookHealthStoreProvider(topic: string): Provider {
  return {
    provide: WebhookHealthStore,
    useFactory: (dataSource: DataSource) => new SqlWebhookHealthStore(dataSource, topic),
    inject: [DataSource],
  };
}

function healthOf(row: HealthRow | undefined): WebhookHealth {
  if (!row) return HEALTHY_WEBHOOK;
  return {
    state: row.state,
    failingSince: row.failing_since ? new Date(row.failing_since).getTime() : null,
    lastError: row.last_error,
  };
}

function sameHealth(a: WebhookHealth, b: WebhookHealth): boolean {
  return a.state === b.state && a.failingSince === b.failingSince && a.lastError === b.lastError;
}

@Injectable()
class SqlWebhookHealthStore extends WebhookHealthStore {
  constructor(
    private readonly dataSource: DataSource,
    private readonly topic: string = Topics.webhookNotices,
  ) {
    super();
  }

  async read(webhookId: string): Promise<WebhookHealth> {
    const rows: HealthRow[] = await this.dataSource.query(
      `SELECT state, failing_since, last_error FROM webhook_health WHERE webhook_id = $1`,
      [webhookId],
    );
    return healthOf(rows[0]);
  }

  async write(change: WebhookHealthChange): Promise<boolean> {
    const { webhookId, next, notice, now } = change;
    return this.dataSource.transaction(async (manager) => {
      // The webhook's row, locked: its health changes one writer at a time.
      const webhooks: Array<{ owner_user_id: string; url: string | null; job_spec: unknown }> =
        await manager.query(
          `SELECT owner_user_id, url, job_spec FROM webhooks WHERE id = $1 FOR UPDATE`,
          [webhookId],
        );
      const webhook = webhooks[0];
      if (!webhook) return false;
      const rows: HealthRow[] = await manager.query(
        `SELECT state, failing_since, last_error FROM webhook_health WHERE webhook_id = $1`,
        [webhookId],
      );
      if (!sameHealth(healthOf(rows[0]), change.expected)) return false;
      await manager.query(
        `INSERT INTO webhook_health (webhook_id, state, failing_since, last_error, changed_at)
           VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (webhook_id) DO UPDATE SET state = $2, failing_since = $3, last_error = $4, changed_at = $5`,
        [
          webhookId,
          next.state,
          next.failingSince === null ? null : new Date(next.failingSince),
          next.lastError,
          now,
        ],
      );
      if (notice && next.failingSince !== null) {
        const failingSince = new Date(next.failingSince).toISOString();
        const noticeId = `${webhookId}-${notice}-${next.failingSince}`;
        const message = webhookNoticeRaisedEvent.encode(
          {
            noticeId,
            webhookId,
            ownerId: webhook.owner_user_id,
            notice,
            target: webhook.url ?? 'a Job',
            failingSince,
            lastError: next.lastError,
            raisedAt: now.toISOString(),
          },
          { key: webhookId, id: noticeId, time: now },
        );
        await appendOutbox(manager, { topic: this.topic, ...message });
      }
      return true;
    });
  }
}
