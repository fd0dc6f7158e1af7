import { Inject, Injectable } from '@nestjs/common';
import { SecretBox } from '@gatehouse/crypto';
import {
  type Clock,
  givenWebhookSettings,
  type JobSpecRecord,
  parseUpdateWebhookBody,
  type UpdateWebhookInput,
  type WebhookView,
} from '@gatehouse/domain';
import type { Principal } from '@gatehouse/identity';
import { Topics } from '@gatehouse/messaging';
import { CLOCK } from '@gatehouse/platform';
import { type StoredWebhook, webhookKind } from './ports/stored-webhook';
import { SourceJobReader } from '../source-jobs/ports/source-job.reader';
import { WebhookRepository } from './ports/webhook.repository';
import { WEBHOOKS_SETTINGS, type WebhooksSettings } from '../webhooks-module-options';
import { snapshotSourceJob } from '../source-jobs/source-job-snapshot';
import { webhookUpsertedMessage } from './webhook-changed-messages';
import { assertWebhookIdShape, webhookNotFound, webhookOwnerOf } from './webhook-owner';
import { WebhookPresenter } from './webhook-presenter';
import { sealJobSecrets, sealWebhookSecret } from './webhook-secrets';
import { WebhookUrlChecker } from './webhook-url-checker';

/**
 * `POST /api/settings/webhooks/{id}`: only what the body gives changes (`watched: []` is "not
 * given", docs/hf-clients.md "Webhook management API"). A Job id (with `secrets`) takes a new
 * snapshot of that Job; `secrets` merge as libs/feature-webhooks/README.md says.
 */
@Injectable()
export class UpdateWebhook {
  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly jobs: SourceJobReader,
    private readonly urls: WebhookUrlChecker,
    private readonly secretBox: SecretBox,
    private readonly presenter: WebhookPresenter,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(WEBHOOKS_SETTINGS) private readonly settings: WebhooksSettings,
  ) {}

  async execute(principal: Principal, id: string, body: unknown): Promise<WebhookView> {
    const ownerId = webhookOwnerOf(principal);
    assertWebhookIdShape(id);
    const current = await this.webhooks.findOwned(ownerId, id);
    if (!current) throw webhookNotFound();
    const update = parseUpdateWebhookBody(
      body,
      { kind: webhookKind(current) },
      { allowLoopback: this.settings.allowLoopbackTargets },
    );
    if (update.url) await this.urls.assertPublic(update.url);
    const jobSpec = update.jobSourceId
      ? await snapshotSourceJob(this.jobs, ownerId, update.jobSourceId)
      : null;

    const now = new Date(this.clock.now());
    const updated = await this.webhooks.transaction(async (tx) => {
      // Read again under lock: the revision must grow by exactly one per committed change.
      const locked = await tx.findOwnedForUpdate(ownerId, id);
      if (!locked) throw webhookNotFound();
      const next = this.apply(locked, update, jobSpec, now);
      await tx.update(next);
      await tx.publish(Topics.webhookChanged, webhookUpsertedMessage(next, now));
      return next;
    });
    return this.presenter.view(updated, principal);
  }

  private apply(
    webhook: StoredWebhook,
    update: UpdateWebhookInput,
    jobSpec: JobSpecRecord | null,
    now: Date,
  ): StoredWebhook {
    return {
      ...webhook,
      ...givenWebhookSettings(update),
      url: update.url ? update.url.url : webhook.url,
      ...(update.secret !== undefined && {
        sealedSecret: sealWebhookSecret(this.secretBox, webhook.id, update.secret),
        // Setting the secret switches at once: a running rotation's overlap ends with it.
        previousSecret: null,
      }),
      ...(update.jobSourceId !== undefined &&
        jobSpec !== null && { jobSourceId: update.jobSourceId, jobSpec }),
      ...(update.secrets !== undefined && {
        sealedJobSecrets: sealJobSecrets(
          this.secretBox,
          webhook.id,
          webhook.sealedJobSecrets,
          update.secrets,
        ),
      }),
      revision: webhook.revision + 1,
      updatedAt: now,
    };
  }
}
