import { HEALTHY_WEBHOOK, type WebhookHealth, type WebhookNoticeKind } from '@gatehouse/domain';
import {
  type WebhookHealthChange,
  WebhookHealthStore,
} from '../pipeline/ports/webhook-health.store';

/** Webhook health in a map, with the notices raised, for tests. */
export class InMemoryWebhookHealthStore extends WebhookHealthStore {
  readonly health = new Map<string, WebhookHealth>();
  readonly notices: Array<{ webhookId: string; notice: WebhookNoticeKind; at: Date }> = [];

  async read(webhookId: string): Promise<WebhookHealth> {
    return this.health.get(webhookId) ?? HEALTHY_WEBHOOK;
  }

  async write(change: WebhookHealthChange): Promise<boolean> {
    const stored = await this.read(change.webhookId);
    if (JSON.stringify(stored) !== JSON.stringify(change.expected)) return false;
    this.health.set(change.webhookId, change.next);
    if (change.notice)
      this.notices.push({ webhookId: change.webhookId, notice: change.notice, at: change.now });
    return true;
  }
}
