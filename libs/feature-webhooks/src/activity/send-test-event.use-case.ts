import { deliveryTestRequestedEvent, Topics } from '@gatehouse/messaging';
import { Inject, Injectable } from '@nestjs/common';
import { ApiError, type Clock } from '@gatehouse/domain';
import { type FlowStore, RateLimiter } from '@gatehouse/flow-state';
import type { Principal } from '@gatehouse/identity';
import { CLOCK, FLOW_STORE } from '@gatehouse/platform';
import type { TestEventAccepted } from '@gatehouse/settings-api';
import { IdGenerator } from '../webhooks/ports/id-generator';
import { WebhookRepository } from '../webhooks/ports/webhook.repository';
import { assertWebhookIdShape, webhookNotFound, webhookOwnerOf } from '../webhooks/webhook-owner';

/** Test sends a webhook may ask for per window. */
const TESTS_PER_WINDOW = 3;
const WINDOW_MS = 60_000;

/**
 * `POST …/{id}/test`: "Send a test event" (docs/settings-api.md). A `ping` payload goes through
 * the real pipeline: the request reaches the delivery worker through the outbox, which records
 * and sends it like any delivery (signed, retried); the answer (202) names that delivery, so the
 * page follows its outcome in the activity. At most 3 a minute per webhook (429 with Retry-After);
 * a disabled webhook gets none (409).
 */
@Injectable()
export class SendTestEvent {
  private readonly limiter: RateLimiter;

  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly ids: IdGenerator,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(FLOW_STORE) flow: FlowStore,
  ) {
    this.limiter = new RateLimiter(flow, 'webhook-tests:');
  }

  async execute(principal: Principal, id: string): Promise<TestEventAccepted> {
    const ownerId = webhookOwnerOf(principal);
    assertWebhookIdShape(id);
    const testId = this.ids.newId();
    const now = new Date(this.clock.now());
    await this.webhooks.transaction(async (tx) => {
      const webhook = await tx.findOwnedForUpdate(ownerId, id);
      if (!webhook) throw webhookNotFound();
      if (webhook.disabled)
        throw ApiError.conflict('The webhook is disabled; enable it to send a test event');
      const decision = await this.limiter.hit(id, TESTS_PER_WINDOW, WINDOW_MS);
      if (!decision.allowed) {
        const seconds = Math.max(1, Math.ceil(decision.resetMs / 1000));
        throw new ApiError(
          'rate_limited',
          `This webhook was sent ${TESTS_PER_WINDOW} test events in the last minute; try again in ${seconds} seconds`,
          { retryAfterSeconds: seconds },
        );
      }
      const message = deliveryTestRequestedEvent.encode(
        { testId, webhookId: id, requestedBy: ownerId, requestedAt: now.toISOString() },
        { key: id, id: testId, time: now },
      );
      await tx.publish(Topics.deliveryReplay, message);
    });
    return { id: testId, webhookId: id, status: 'queued' };
  }
}
