import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { SecretBox } from '@gatehouse/crypto';
import {
  ApiError,
  type Clock,
  parseRotateWebhookSecretBody,
  type WebhookView,
} from '@gatehouse/domain';
import type { Principal } from '@gatehouse/identity';
import { Topics } from '@gatehouse/messaging';
import { CLOCK } from '@gatehouse/platform';
import { type StoredWebhook, webhookKind } from './ports/stored-webhook';
import { WebhookRepository } from './ports/webhook.repository';
import { webhookUpsertedMessage } from './webhook-changed-messages';
import { assertWebhookIdShape, webhookNotFound, webhookOwnerOf } from './webhook-owner';
import { WebhookPresenter } from './webhook-presenter';
import { sealWebhookSecret } from './webhook-secrets';

/** Random bytes of a generated secret, sent as a Standard Webhooks secret (`whsec_` + base64). */
const GENERATED_SECRET_BYTES = 24;

export interface RotatedWebhookSecret {
  webhook: WebhookView;
  /** The new secret, once, in this answer only (also when the request gave it). */
  secret: string;
  /** ISO 8601 end of the overlap; null when the switch was immediate. */
  previousSecretUntil: string | null;
}

/**
 * `POST /api/settings/webhooks/{id}/rotate-secret` (docs/settings-api.md "Rotate a webhook
 * secret"): the new secret signs at once, and for `overlapSeconds` deliveries keep carrying the
 * current secret in `X-Webhook-Secret` and a signature with each in `webhook-signature`, so
 * receivers holding either keep accepting until they are redeployed. A rotation during an overlap
 * replaces the older secret: only the current one is kept as previous. A webhook without a secret
 * (or an overlap of 0) switches at once. The delivery worker reads the change like any other.
 */
@Injectable()
export class RotateWebhookSecret {
  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly secretBox: SecretBox,
    private readonly presenter: WebhookPresenter,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, id: string, body: unknown): Promise<RotatedWebhookSecret> {
    const ownerId = webhookOwnerOf(principal);
    assertWebhookIdShape(id);
    const input = parseRotateWebhookSecretBody(body);
    const secret =
      input.secret ?? `whsec_${randomBytes(GENERATED_SECRET_BYTES).toString('base64')}`;
    const now = new Date(this.clock.now());
    const rotated = await this.webhooks.transaction(async (tx) => {
      const locked = await tx.findOwnedForUpdate(ownerId, id);
      if (!locked) throw webhookNotFound();
      if (webhookKind(locked) === 'job')
        throw ApiError.badRequest(
          'a Job webhook hands its secret to the Job it starts; set a new one with an update',
        );
      const overlap = locked.sealedSecret !== null && input.overlapSeconds > 0;
      const next: StoredWebhook = {
        ...locked,
        sealedSecret: sealWebhookSecret(this.secretBox, locked.id, secret),
        previousSecret: overlap
          ? {
              sealed: locked.sealedSecret!,
              until: new Date(now.getTime() + input.overlapSeconds * 1000),
            }
          : null,
        revision: locked.revision + 1,
        updatedAt: now,
      };
      await tx.update(next);
      await tx.publish(Topics.webhookChanged, webhookUpsertedMessage(next, now));
      return next;
    });
    return {
      webhook: this.presenter.view(rotated, principal),
      secret,
      previousSecretUntil: rotated.previousSecret?.until.toISOString() ?? null,
    };
  }
}
