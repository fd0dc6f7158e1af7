import { Injectable } from '@nestjs/common';
import { SecretBox } from '@gatehouse/crypto';
import {
  secretNames,
  toWebhookView,
  webhookSecretContext,
  webhookSettingsOf,
  type WebhookView,
} from '@gatehouse/domain';
import { mayChange, type Principal } from '@gatehouse/identity';
import type { StoredWebhook } from './ports/stored-webhook';

/**
 * The webhook object every route answers (`toWebhookView`) to `principal`: the webhook secret
 * opened and echoed as the Hub does to credentials that may change the webhook, left out for a
 * read token or a fine-grained token without `user.webhooks.write` (`mayChange`); Job secrets by
 * name only.
 */
@Injectable()
export class WebhookPresenter {
  constructor(private readonly secretBox: SecretBox) {}

  view(webhook: StoredWebhook, principal: Principal): WebhookView {
    return toWebhookView({
      id: webhook.id,
      url: webhook.url,
      job: webhook.jobSpec,
      jobSecretNames: secretNames(webhook.sealedJobSecrets),
      ...webhookSettingsOf(webhook),
      // Only a credential that may change the webhook sees its secret (docs/security.md "Read tokens reading webhook secrets").
      secret: mayChange(principal, 'user.webhooks.write') ? this.secret(webhook) : undefined,
      disabled: webhook.disabled,
      disabledReason: webhook.disabledReason,
      createdAt: webhook.createdAt,
      updatedAt: webhook.updatedAt,
    });
  }

  private secret(webhook: StoredWebhook): string | null {
    return webhook.sealedSecret === null
      ? null
      : this.secretBox.decrypt(webhook.sealedSecret, webhookSecretContext(webhook.id));
  }
}
