import { Injectable } from '@nestjs/common';
import { SecretBox } from '@gatehouse/crypto';
import { secretNames, toWebhookView, webhookSecretContext, webhookSettingsOf, type WebhookView } from '@gatehouse/domain';
import type { StoredWebhook } from './ports/stored-webhook';

/**
 * The webhook object every route answers (`toWebhookView`): the webhook secret opened and echoed
 * as the Hub does, Job secrets by name only.
 */
@Injectable()
export class WebhookPresenter {
  constructor(private readonly secretBox: SecretBox) {}

  view(webhook: StoredWebhook): WebhookView {
    return toWebhookView({
      id: webhook.id,
      url: webhook.url,
      job: webhook.jobSpec,
      jobSecretNames: secretNames(webhook.sealedJobSecrets),
      ...webhookSettingsOf(webhook),
      secret: webhook.sealedSecret === null ? null : this.secretBox.decrypt(webhook.sealedSecret, webhookSecretContext(webhook.id)),
      disabled: webhook.disabled,
      disabledReason: webhook.disabledReason,
      createdAt: webhook.createdAt,
      updatedAt: webhook.updatedAt,
    });
  }
}
