/**
 * The SecretBox context (additional authenticated data) that webhook secrets are sealed with:
 * the webhook id, for both the webhook's own `secret` (column `secret_encrypted`) and every value
 * of its Job `secrets` (column `job_secrets_encrypted`). Every reader, the delivery worker
 * included, must open them with it; a ciphertext copied to another webhook does not open.
 */
export function webhookSecretContext(webhookId: string): string {
  return webhookId;
}
