import { type Clock, shouldAutoDisable } from '@gatehouse/domain';
import type { Logger } from 'pino';
import type { DeliveryMetrics } from '../metrics/delivery-metrics';
import { SubscriptionRegistry } from '../subscriptions/subscription-registry';
import { DeliveryStore } from './ports/delivery.store';
import { WebhookDisabler } from './ports/webhook-disabler';
import type { WebhookHealthTracker } from './webhook-health-tracker';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Disables a webhook whose deliveries keep failing, checked whenever one of its
 * deliveries is dead-lettered: at once when the receiver said the endpoint is gone (410), or when
 * its attempts have failed without a single success for the whole window (5 days, as Svix). The
 * reason is stored in `disabled_reason`, which the owner sees with the webhook and its activity,
 * and the owner is told (WebhookHealthTracker).
 */
export class WebhookAutoDisabler {
  constructor(
    private readonly ports: {
      store: DeliveryStore;
      disabler: WebhookDisabler;
      registry: SubscriptionRegistry;
      clock: Clock;
      outboxWritten: () => void;
      logger: Pick<Logger, 'warn'>;
      metrics?: Pick<DeliveryMetrics, 'webhookAutoDisabled'>;
      health: Pick<WebhookHealthTracker, 'observe'>;
    },
    private readonly windowMs: number,
  ) {}

  async afterDeadLetter(webhookId: string, disableNow: string | null): Promise<void> {
    const now = this.ports.clock.now();
    let reason = disableNow;
    if (!reason) {
      const since = await this.ports.store.failingSince(webhookId);
      if (!since || !shouldAutoDisable(since.getTime(), now, this.windowMs)) return;
      const days = Math.floor((now - since.getTime()) / DAY_MS);
      reason = `Disabled automatically: every delivery since ${since.toISOString()} (${days} days) has failed`;
    } else {
      reason = `Disabled automatically: ${reason}`;
    }
    const disabled = await this.ports.disabler.disable(webhookId, reason, new Date(now));
    if (!disabled) return;
    this.ports.registry.applyLocal(disabled);
    this.ports.outboxWritten();
    this.ports.metrics?.webhookAutoDisabled(disableNow ? 'gone' : 'failing');
    this.ports.logger.warn({ webhookId, reason }, 'webhook disabled automatically');
    await this.ports.health.observe(webhookId, { kind: 'disabled', at: now, reason });
  }
}
