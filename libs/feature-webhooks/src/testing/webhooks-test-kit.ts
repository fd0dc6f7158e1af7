import { SecretBox } from '@gatehouse/crypto';
import { DEFAULT_TRIGGER_LIMIT_POLICY } from '@gatehouse/domain';
import { FrozenClock } from '@gatehouse/domain/testing';
import { CreateWebhook } from '../webhooks/create-webhook.use-case';
import { DeleteWebhook } from '../webhooks/delete-webhook.use-case';
import { GetWebhook } from '../webhooks/get-webhook.use-case';
import { ListWebhooks } from '../webhooks/list-webhooks.use-case';
import { ReplayDelivery } from '../activity/replay-delivery.use-case';
import { ReplayFailedDeliveries } from '../activity/replay-failed-deliveries.use-case';
import { CountFailedDeliveries } from '../activity/count-failed-deliveries.use-case';
import { GetDeliveryDetail } from '../activity/get-delivery-detail.use-case';
import { RotateWebhookSecret } from '../webhooks/rotate-webhook-secret.use-case';
import { SetWebhookDisabled } from '../webhooks/set-webhook-disabled.use-case';
import { UpdateWebhook } from '../webhooks/update-webhook.use-case';
import { GetWebhookActivity } from '../activity/get-webhook-activity.use-case';
import { WebhookPresenter } from '../webhooks/webhook-presenter';
import { WebhookUrlChecker } from '../webhooks/webhook-url-checker';
import type { WebhooksSettings } from '../webhooks-module-options';
import { FakeHostResolver } from './fake-host-resolver';
import { aWebhooksSettings } from './webhooks-settings-builders';
import { InMemoryDeliveryActivity } from './in-memory-delivery-activity.reader';
import { InMemorySourceJobs } from './in-memory-source-job.reader';
import { InMemoryWebhookRepository } from './in-memory-webhook.repository';
import { SequentialIds } from './fake-id-generator';

const TEST_KEY = Buffer.alloc(32, 7).toString('base64');
export const NOW = Date.UTC(2026, 2, 1, 12, 30);

/** Every use case wired to fakes and a frozen clock. */
export function createWebhooksTestKit(overrides: Partial<WebhooksSettings> = {}) {
  const settings = aWebhooksSettings({
    maxWebhooksPerUser: 3,
    triggerLimit: { ...DEFAULT_TRIGGER_LIMIT_POLICY, limit: 5 },
    ...overrides,
  });
  const clock = new FrozenClock(NOW);
  const repository = new InMemoryWebhookRepository();
  const jobs = new InMemorySourceJobs();
  const deliveries = new InMemoryDeliveryActivity();
  const resolver = new FakeHostResolver();
  resolver.answers.set('hooks.example.com', [
    '93.184.215.14',
    '2606:2800:21f:cb07:6820:80da:af6b:8b2c',
  ]);
  const ids = new SequentialIds();
  const secretBox = SecretBox.fromBase64Key(TEST_KEY);
  const presenter = new WebhookPresenter(secretBox);
  const urls = new WebhookUrlChecker(resolver, settings);
  return {
    settings,
    clock,
    repository,
    jobs,
    deliveries,
    resolver,
    ids,
    secretBox,
    list: new ListWebhooks(repository, presenter),
    get: new GetWebhook(repository, presenter),
    create: new CreateWebhook(repository, jobs, urls, ids, secretBox, presenter, clock, settings),
    update: new UpdateWebhook(repository, jobs, urls, secretBox, presenter, clock, settings),
    states: new SetWebhookDisabled(repository, presenter, clock),
    remove: new DeleteWebhook(repository, clock),
    activity: new GetWebhookActivity(repository, deliveries, clock, settings),
    replay: new ReplayDelivery(repository, deliveries, ids, clock),
    failedCount: new CountFailedDeliveries(repository, deliveries),
    replayFailed: new ReplayFailedDeliveries(repository, deliveries, ids, clock),
    rotate: new RotateWebhookSecret(repository, secretBox, presenter, clock),
    detail: new GetDeliveryDetail(repository, deliveries),
  };
}

export type WebhooksTestKit = ReturnType<typeof createWebhooksTestKit>;

/** Runs `fn` and returns what it threw (an ApiError, usually). */
export async function failure(
  fn: () => Promise<unknown>,
): Promise<{ code: string; message: string; options: { field?: string; detail?: string } }> {
  try {
    await fn();
  } catch (error) {
    return error as { code: string; message: string; options: { field?: string; detail?: string } };
  }
  throw new Error('expected a failure');
}
