import { Injectable } from '@nestjs/common';
import { HEALTHY_WEBHOOK, type WebhookHealthState } from '@gatehouse/domain';
import { DataSource } from 'typeorm';
import type { WebhookHealthRecord } from '../ports/webhook-health-record';
import { WebhookHealthReader } from '../ports/webhook-health.reader';

interface Row {
  id: string;
  url: string | null;
  job_source_id: string | null;
  disabled: boolean;
  state: WebhookHealthState | null;
  failing_since: Date | null;
  last_error: string | null;
}

const SELECT = `SELECT w.id, w.url, w.job_source_id, w.disabled, h.state, h.failing_since, h.last_error
  FROM webhooks w LEFT JOIN webhook_health h ON h.webhook_id = w.id`;

function recordOf(row: Row): WebhookHealthRecord {
  return {
    webhookId: row.id,
    url: row.url,
    jobSourceId: row.job_source_id,
    disabled: row.disabled,
    health: row.state
      ? {
          state: row.state,
          failingSince: row.failing_since ? new Date(row.failing_since).getTime() : null,
          lastError: row.last_error,
        }
      : HEALTHY_WEBHOOK,
  };
}

/** Webhook health in PostgreSQL (or PGlite), joined to the owner's webhooks. */
@Injectable()
export class SqlWebhookHealthReader extends WebhookHealthReader {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async ofOwned(ownerId: string, webhookId: string): Promise<WebhookHealthRecord | null> {
    const rows: Row[] = await this.dataSource.query(
      `${SELECT} WHERE w.owner_user_id = $1 AND w.id = $2`,
      [ownerId, webhookId],
    );
    return rows[0] ? recordOf(rows[0]) : null;
  }

  async listOwnedUnhealthy(ownerId: string): Promise<WebhookHealthRecord[]> {
    const rows: Row[] = await this.dataSource.query(
      `${SELECT} WHERE w.owner_user_id = $1 AND h.state <> 'healthy'
        AND (h.state <> 'disabled' OR w.disabled) ORDER BY h.failing_since, w.id`,
      [ownerId],
    );
    return rows.map(recordOf);
  }
}
