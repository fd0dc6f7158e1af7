import {
  DELETED_SOURCE_JOB,
  type OutgoingMessage,
  WEBHOOK_REVISION_HEADER,
  type WebhookChangedData,
  webhookChangedEvent,
} from '@gatehouse/messaging';
import { secretNames, webhookSettingsOf } from '@gatehouse/domain';
import type { StoredWebhook } from './ports/stored-webhook';

type ChangedData = WebhookChangedData & { revision: number };

/**
 * webhook.changed v1 for the webhook's state after a create, update, enable or disable (key:
 * webhook id). Settings and target only: secrets never travel in events, the worker reads them
 * sealed from the database. `revision` rides along in the data for when the schema carries it,
 * and in a header meanwhile.
 */
export function webhookUpsertedMessage(webhook: StoredWebhook, at: Date): OutgoingMessage {
  const data: ChangedData = {
    change: 'upserted',
    webhookId: webhook.id,
    ownerId: webhook.ownerId,
    revision: webhook.revision,
    webhook: {
      ...webhookSettingsOf(webhook),
      disabled: webhook.disabled,
      url: webhook.url,
      hasSecret: webhook.sealedSecret !== null,
      ...(webhook.jobSpec
        ? {
            job: {
              jobId: webhook.jobSourceId ?? DELETED_SOURCE_JOB,
              secretNames: secretNames(webhook.sealedJobSecrets),
            },
          }
        : {}),
    },
  };
  return encode(data, webhook, at);
}

/** webhook.changed v1 `deleted`: the worker forgets the webhook and cancels its pending retries. */
export function webhookDeletedMessage(
  webhook: StoredWebhook,
  revision: number,
  at: Date,
): OutgoingMessage {
  const data: ChangedData = {
    change: 'deleted',
    webhookId: webhook.id,
    ownerId: webhook.ownerId,
    revision,
  };
  return encode(data, { ...webhook, revision }, at);
}

function encode(
  data: ChangedData,
  webhook: Pick<StoredWebhook, 'id' | 'revision'>,
  at: Date,
): OutgoingMessage {
  return webhookChangedEvent.encode(data, {
    key: webhook.id,
    time: at,
    headers: { [WEBHOOK_REVISION_HEADER]: String(webhook.revision) },
  });
}
