import type { KeyObject } from 'node:crypto';
import { signingKeyObject, webhookSecretContext } from '@gatehouse/domain';
import { SecretBox } from '@gatehouse/crypto';
import type { WebhookSnapshot } from '../subscriptions/ports/webhook-snapshot';

export interface OpenedSecrets {
  secret: string | null;
  /** The signing key of `secret` (signingKeyObject), made once per opening instead of per request. */
  key: KeyObject | null;
  /** The secret a rotation replaced, with the end of its overlap (ms since the epoch). */
  previous: { secret: string; key: KeyObject; untilMs: number } | null;
  jobSecrets: Record<string, string>;
}

/**
 * Opens a webhook's sealed secret and Job secrets, with the context webhook-management sealed
 * them under (`webhookSecretContext`). Throws SecretBoxError when one does not open.
 */
export function openWebhookSecrets(box: SecretBox, webhook: WebhookSnapshot): OpenedSecrets {
  const context = webhookSecretContext(webhook.id);
  const secret = webhook.sealedSecret === null ? null : box.decrypt(webhook.sealedSecret, context);
  const jobSecrets = Object.fromEntries(
    Object.entries(webhook.sealedJobSecrets).map(([name, sealed]) => [
      name,
      box.decrypt(sealed, context),
    ]),
  );
  const previousSecret = webhook.previousSecret
    ? box.decrypt(webhook.previousSecret.sealed, context)
    : null;
  const previous = previousSecret
    ? {
        secret: previousSecret,
        key: signingKeyObject(previousSecret),
        untilMs: webhook.previousSecret!.until.getTime(),
      }
    : null;
  return { secret, key: secret ? signingKeyObject(secret) : null, previous, jobSecrets };
}
