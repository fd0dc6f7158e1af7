import { type JobSpecRecord, webhookSettingsOf } from '@gatehouse/domain';
import type { WebhookEntity } from '@gatehouse/persistence';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { StoredWebhook } from '../ports/stored-webhook';

export function webhookFromRow(row: WebhookEntity): StoredWebhook {
  return {
    id: row.id,
    ownerId: row.ownerUserId,
    url: row.url,
    jobSourceId: row.jobSourceId,
    jobSpec: row.jobSpec as JobSpecRecord | null,
    ...webhookSettingsOf(row),
    sealedSecret: row.secretEncrypted,
    previousSecret:
      row.previousSecretEncrypted !== null && row.previousSecretUntil !== null
        ? { sealed: row.previousSecretEncrypted, until: row.previousSecretUntil }
        : null,
    sealedJobSecrets: row.jobSecretsEncrypted,
    disabled: row.disabled,
    disabledReason: row.disabledReason,
    revision: row.revision,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** TypeORM's deep-partial type cannot follow the jsonb columns' `Record` types, hence the cast. */
export function webhookToRow(
  webhook: StoredWebhook,
): QueryDeepPartialEntity<WebhookEntity> & { id: string } {
  const row: Omit<WebhookEntity, 'ownerUser' | 'jobSource'> = {
    id: webhook.id,
    ownerUserId: webhook.ownerId,
    url: webhook.url,
    jobSourceId: webhook.jobSourceId,
    jobSpec: webhook.jobSpec as Record<string, unknown> | null,
    ...webhookSettingsOf(webhook),
    secretEncrypted: webhook.sealedSecret,
    previousSecretEncrypted: webhook.previousSecret?.sealed ?? null,
    previousSecretUntil: webhook.previousSecret?.until ?? null,
    jobSecretsEncrypted: webhook.sealedJobSecrets,
    disabled: webhook.disabled,
    disabledReason: webhook.disabledReason,
    revision: webhook.revision,
    createdAt: webhook.createdAt,
    updatedAt: webhook.updatedAt,
  };
  return row as QueryDeepPartialEntity<WebhookEntity> & { id: string };
}
