import type { SecretBox } from '@gatehouse/crypto';
import { mergeJobSecrets, webhookSecretContext } from '@gatehouse/domain';

export function sealWebhookSecret(
  box: SecretBox,
  webhookId: string,
  secret: string | null,
): string | null {
  return secret === null ? null : box.encrypt(secret, webhookSecretContext(webhookId));
}

/**
 * The merge rule of `mergeJobSecrets` applied to sealed values: listed secrets are sealed anew,
 * an empty value removes one, every other stored secret keeps its ciphertext.
 */
export function sealJobSecrets(
  box: SecretBox,
  webhookId: string,
  sealed: Readonly<Record<string, string>>,
  update: Readonly<Record<string, string>>,
): Record<string, string> {
  const sealedUpdate = Object.fromEntries(
    Object.entries(update).map(([name, value]) => [
      name,
      value === '' ? '' : box.encrypt(value, webhookSecretContext(webhookId)),
    ]),
  );
  return mergeJobSecrets(sealed, sealedUpdate);
}
