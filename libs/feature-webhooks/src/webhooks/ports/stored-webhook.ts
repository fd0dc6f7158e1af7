import type { JobSpecRecord, WebhookSettings } from '@gatehouse/domain';

/**
 * A webhook as stored: secrets sealed (SecretBox, context `webhookSecretContext(id)`), the Job
 * spec snapshotted from its source Job at creation, `revision` grown by one on every change.
 */
export interface StoredWebhook extends WebhookSettings {
  id: string;
  ownerId: string;
  url: string | null;
  /** The source Job; null for URL webhooks, or once that Job was deleted (the snapshot remains). */
  jobSourceId: string | null;
  jobSpec: JobSpecRecord | null;
  sealedSecret: string | null;
  /**
   * The secret a rotation replaced (sealed like `sealedSecret`) and the end of its overlap, while
   * deliveries still carry it (docs/settings-api.md "Rotate a webhook secret"); null otherwise.
   */
  previousSecret: SealedPreviousSecret | null;
  /** Job secret name -> sealed value. */
  sealedJobSecrets: Record<string, string>;
  disabled: boolean;
  disabledReason: string | null;
  revision: number;
  createdAt: Date;
  updatedAt: Date;
}

interface SealedPreviousSecret {
  sealed: string;
  until: Date;
}

export function webhookKind(webhook: Pick<StoredWebhook, 'jobSpec'>): 'url' | 'job' {
  return webhook.jobSpec ? 'job' : 'url';
}
