import { Injectable, type Provider } from '@nestjs/common';
import {
  DELETED_SOURCE_JOB,
  Topics,
  WEBHOOK_REVISION_HEADER,
  webhookChangedEvent,
} from '@gatehouse/messaging';
import { webhookSettingsOf } from '@gatehouse/domain';
import { WebhookEntity, appendOutbox } from '@gatehouse/persistence';
import { DataSource } from 'typeorm';
import { webhookSnapshotOf } from '../../subscriptions/infrastructure/typeorm-webhook-directory';
import type { WebhookSnapshot } from '../../subscriptions/ports/webhook-snapshot';
import { WebhookDisabler } from '../ports/webhook-disabler';

/** The `WebhookDisabler` provider: this adapter on the injected DataSource, announcing on `topic`. */
export function typeOrmWebhookDisablerProvider(topic: string): Provider {
  return {
    provide: WebhookDisabler,
    useFactory: (dataSource: DataSource) => new TypeOrmWebhookDisabler(dataSource, topic),
    inject: [DataSource],
  };
}

@Injectable()
class TypeOrmWebhookDisabler extends WebhookDisabler {
  constructor(
    private readonly dataSource: DataSource,
    private readonly topic: string = Topics.webhookChanged,
  ) {
    super();
  }

  async disable(webhookId: string, reason: string, now: Date): Promise<WebhookSnapshot | null> {
    return this.dataSource.transaction(async (manager) => {
      const [rows]: [Array<{ id: string }>, number] = await manager.query(
        `UPDATE webhooks SET disabled = true, disabled_reason = $2, revision = revision + 1, updated_at = $3
          WHERE id = $1 AND NOT disabled RETURNING id`,
        [webhookId, reason, now],
      );
      if (rows.length === 0) return null;
      const row = await manager.findOneByOrFail(WebhookEntity, { id: webhookId });
      // The same message webhook-management writes for a disable (its webhookUpsertedMessage).
      const message = webhookChangedEvent.encode(
        {
          change: 'upserted',
          webhookId: row.id,
          ownerId: row.ownerUserId,
          webhook: {
            ...webhookSettingsOf(row),
            disabled: true,
            url: row.url,
            hasSecret: row.secretEncrypted !== null,
            ...(row.jobSpec
              ? {
                  job: {
                    jobId: row.jobSourceId ?? DELETED_SOURCE_JOB,
                    secretNames: Object.keys(row.jobSecretsEncrypted).sort(),
                  },
                }
              : {}),
          },
        },
        { key: row.id, time: now, headers: { [WEBHOOK_REVISION_HEADER]: String(row.revision) } },
      );
      await appendOutbox(manager, { topic: this.topic, ...message });
      await manager.query(
        `UPDATE deliveries SET status = 'cancelled', next_attempt_at = NULL, updated_at = $2
          WHERE webhook_id = $1 AND status IN ('pending', 'retrying')`,
        [webhookId, now],
      );
      return webhookSnapshotOf(row);
    });
  }
}
