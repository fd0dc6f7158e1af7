import type { Clock, WebhookHealth, WebhookHealthObservation } from '@gatehouse/domain';
import { nextWebhookHealth } from '@gatehouse/domain';
import type { Logger } from 'pino';
import { WebhookHealthStore } from './ports/webhook-health.store';

/** How long a health read is trusted before it is read again (another worker may change it). */
const TRUSTED_FOR_MS = 30_000;
/** Webhooks remembered by one process; the oldest are forgotten first. */
const MAX_TRACKED = 10_000;

/**
 * Follows each webhook's health from the attempts this process makes and the disables it does
 * (nextWebhookHealth), and stores a change with its notice (docs/settings.md "When a webhook
 * fails"). A change is written only if the stored health is the one it was computed from, so two
 * workers never raise the same notice twice. Failures to store are logged and forgotten: the
 * next attempt tries again.
 */
export class WebhookHealthTracker {
  private readonly known = new Map<string, { health: WebhookHealth; readAt: number }>();

  constructor(
    private readonly ports: {
      store: WebhookHealthStore;
      clock: Clock;
      outboxWritten: () => void;
      logger: Pick<Logger, 'info' | 'warn'>;
    },
    private readonly stillFailingAfterMs: number,
  ) {}

  async observe(webhookId: string, observation: WebhookHealthObservation): Promise<void> {
    const now = this.ports.clock.now();
    try {
      const current = await this.current(webhookId, now, observation.kind === 'disabled');
      const transition = nextWebhookHealth(current, observation, this.stillFailingAfterMs);
      if (!transition.changed) return;
      const written = await this.ports.store.write({
        webhookId,
        expected: current,
        next: transition.health,
        notice: transition.notice,
        now: new Date(now),
      });
      if (!written) {
        this.known.delete(webhookId);
        return;
      }
      this.remember(webhookId, transition.health, now);
      if (transition.notice) {
        this.ports.outboxWritten();
        this.ports.logger.info({ webhookId, notice: transition.notice }, 'webhook notice raised');
      }
    } catch (error) {
      this.known.delete(webhookId);
      this.ports.logger.warn({ err: error, webhookId }, 'could not store the health of a webhook');
    }
  }

  private async current(webhookId: string, now: number, fresh: boolean): Promise<WebhookHealth> {
    const known = this.known.get(webhookId);
    if (!fresh && known && now - known.readAt < TRUSTED_FOR_MS) return known.health;
    const health = await this.ports.store.read(webhookId);
    this.remember(webhookId, health, now);
    return health;
  }

  private remember(webhookId: string, health: WebhookHealth, now: number): void {
    this.known.delete(webhookId);
    this.known.set(webhookId, { health, readAt: now });
    if (this.known.size > MAX_TRACKED) this.known.delete(this.known.keys().next().value!);
  }
}
