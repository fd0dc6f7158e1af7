/** How a webhook's endpoint is doing, as its owner is told (docs/settings.md "When a webhook fails"). */
export type WebhookHealthStateName = 'healthy' | 'failing' | 'failing_long' | 'disabled';

/** `GET /api/settings/webhooks/{id}/health`, and each entry of the notices. */
export interface WebhookHealthView {
  webhookId: string;
  /** The webhook's URL, or `Job <id>` for a Job webhook. */
  target: string;
  /**
   * `failing` since its first failed attempt after a success, `failing_long` once it has failed
   * for GATEHOUSE_WEBHOOK_FAILING_NOTICE_DAYS, `disabled` once the worker disabled it.
   */
  state: WebhookHealthStateName;
  /** ISO 8601; null when healthy. */
  failingSince: string | null;
  /** The last error in plain words (or why it was disabled); null when healthy. */
  lastError: string | null;
  /** Whether it gets no deliveries now (disabled by the worker or by its owner). */
  disabled: boolean;
}

/** `GET /api/settings/webhooks/notices`: the caller's webhooks that fail or were disabled, longest failing first. */
export interface WebhookNoticesPage {
  notices: WebhookHealthView[];
}
