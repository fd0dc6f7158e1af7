import { type MatchableEvent, type RepoReadAccess, SubscriptionIndex } from '@gatehouse/domain';
import { WebhookDirectory } from './webhook-directory';
import { type DeliverySubscription, type WebhookSnapshot, subscriptionOf } from './webhook-snapshot';

export interface SubscriptionRegistryHooks {
  /** The webhook is now disabled or gone: its pending deliveries are cancelled. */
  webhookStopped(webhookId: string): Promise<void>;
  /** A webhook whose owner the membership cache does not know yet appeared. */
  ownerAppeared?(ownerId: string): void;
}

/**
 * The worker's subscription index (issue 7 item 2), matching in memory. Loaded from the
 * `webhooks` table at start, then kept current by webhook.changed events: each event makes the
 * registry read that one webhook's row, so the row (with its revision) is the truth and a late or
 * repeated event can never bring back an older state. Matching itself never queries.
 */
export class SubscriptionRegistry {
  private readonly index = new SubscriptionIndex<DeliverySubscription>();

  constructor(
    private readonly directory: WebhookDirectory,
    private readonly access: RepoReadAccess,
    private readonly hooks: SubscriptionRegistryHooks,
  ) {}

  get size(): number {
    return this.index.size;
  }

  /** The start-up snapshot; returns how many webhooks it holds. */
  async loadAll(): Promise<number> {
    for (const webhook of await this.directory.loadAll()) this.index.upsert(subscriptionOf(webhook));
    return this.index.size;
  }

  /** Enabled webhooks the event reaches (watched item, domain, private-repository access). */
  match(event: MatchableEvent): WebhookSnapshot[] {
    return this.index.match(event, this.access).map((subscription) => subscription.webhook);
  }

  /**
   * Follows a change of one webhook. `revision` (from the event) lets a change the index already
   * holds skip the read.
   */
  async refresh(webhookId: string, revision?: number): Promise<void> {
    const held = this.index.get(webhookId);
    if (held && revision !== undefined && held.revision >= revision) return;
    await this.reload(webhookId);
  }

  /**
   * The webhook to deliver to now (its current URL, Job and secrets), or null when it is disabled
   * or deleted. What the index does not hold as enabled is confirmed against the table first, so
   * a change whose event has not arrived yet never cancels a delivery by mistake.
   */
  async deliverable(webhookId: string): Promise<WebhookSnapshot | null> {
    const held = this.index.get(webhookId);
    if (held && !held.disabled) return held.webhook;
    const current = await this.reload(webhookId);
    return current && !current.disabled ? current : null;
  }

  /** Applies a state this process itself just wrote (auto-disable) without waiting for its event. */
  applyLocal(webhook: WebhookSnapshot): void {
    this.index.upsert(subscriptionOf(webhook));
  }

  private async reload(webhookId: string): Promise<WebhookSnapshot | null> {
    const row = await this.directory.load(webhookId);
    if (!row) {
      this.index.remove(webhookId);
      await this.hooks.webhookStopped(webhookId);
      return null;
    }
    this.index.upsert(subscriptionOf(row));
    this.hooks.ownerAppeared?.(row.ownerId);
    if (row.disabled) await this.hooks.webhookStopped(webhookId);
    return row;
  }
}
