import { Inject, Injectable } from '@nestjs/common';
import { SecretBox } from '@gatehouse/crypto';
import {
  ApiError,
  type Clock,
  parseCreateWebhookBody,
  type WebhookView,
  webhookSettingsOf,
} from '@gatehouse/domain';
import type { Principal } from '@gatehouse/identity';
import { Topics } from '@gatehouse/messaging';
import { CLOCK } from '@gatehouse/platform';
import type { StoredWebhook } from './ports/stored-webhook';
import { IdGenerator } from './ports/id-generator';
import { SourceJobReader } from '../source-jobs/ports/source-job.reader';
import { WebhookRepository } from './ports/webhook.repository';
import { WEBHOOKS_SETTINGS, type WebhooksSettings } from '../webhooks-module-options';
import { webhookUpsertedMessage } from './webhook-changed-messages';
import { webhookOwnerOf } from './webhook-owner';
import { WebhookPresenter } from './webhook-presenter';
import { sealJobSecrets, sealWebhookSecret } from './webhook-secrets';
import { snapshotSourceJob } from '../source-jobs/source-job-snapshot';
import { WebhookUrlChecker } from './webhook-url-checker';

/** `POST /api/settings/webhooks`: a URL webhook, or a Job webhook from one of the caller's Jobs. Starts enabled. */
@Injectable()
export class CreateWebhook {
  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly jobs: SourceJobReader,
    private readonly urls: WebhookUrlChecker,
    private readonly ids: IdGenerator,
    private readonly secretBox: SecretBox,
    private readonly presenter: WebhookPresenter,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(WEBHOOKS_SETTINGS) private readonly settings: WebhooksSettings,
  ) {}

  async execute(principal: Principal, body: unknown): Promise<WebhookView> {
    const ownerId = webhookOwnerOf(principal);
    const input = parseCreateWebhookBody(body, {
      allowLoopback: this.settings.allowLoopbackTargets,
    });
    if (input.target.kind === 'url') await this.urls.assertPublic(input.target.url);
    const jobSpec =
      input.target.kind === 'job'
        ? await snapshotSourceJob(this.jobs, ownerId, input.target.jobSourceId)
        : null;

    const id = this.ids.newId();
    const now = new Date(this.clock.now());
    const webhook: StoredWebhook = {
      id,
      ownerId,
      url: input.target.kind === 'url' ? input.target.url.url : null,
      jobSourceId: input.target.kind === 'job' ? input.target.jobSourceId : null,
      jobSpec,
      ...webhookSettingsOf(input),
      sealedSecret: sealWebhookSecret(this.secretBox, id, input.secret),
      previousSecret: null,
      sealedJobSecrets: sealJobSecrets(this.secretBox, id, {}, input.secrets),
      disabled: false,
      disabledReason: null,
      revision: 1,
      createdAt: now,
      updatedAt: now,
    };

    await this.webhooks.transaction(async (tx) => {
      await tx.lockOwner(ownerId);
      if ((await tx.countOwned(ownerId)) >= this.settings.maxWebhooksPerUser) {
        throw ApiError.forbidden(
          `You have reached the limit of ${this.settings.maxWebhooksPerUser} webhooks; delete one to create another`,
        );
      }
      await tx.insert(webhook);
      await tx.publish(Topics.webhookChanged, webhookUpsertedMessage(webhook, now));
    });
    return this.presenter.view(webhook, principal);
  }
}
