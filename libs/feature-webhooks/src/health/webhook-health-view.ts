import type { WebhookHealthView } from '@gatehouse/settings-api';
import type { WebhookHealthRecord } from './ports/webhook-health-record';

/**
 * The health a webhook's owner sees. A `disabled` health of a webhook enabled since is stale (the
 * enable clears it, but the worker may write it again just before): shown as healthy.
 */
export function webhookHealthView(record: WebhookHealthRecord): WebhookHealthView {
  const { health } = record;
  const stale = health.state === 'disabled' && !record.disabled;
  return {
    webhookId: record.webhookId,
    target: record.url ?? `Job ${record.jobSourceId ?? '(deleted)'}`,
    state: stale ? 'healthy' : health.state,
    failingSince:
      stale || health.failingSince === null ? null : new Date(health.failingSince).toISOString(),
    lastError: stale ? null : health.lastError,
    disabled: record.disabled,
  };
}
