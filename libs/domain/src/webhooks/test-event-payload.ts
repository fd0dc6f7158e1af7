import type { WebhookPayloadV3 } from './payload';
import { repoUrls, type PayloadOptions } from './payload';
import { REPO_TYPES, type WatchedItem } from './watched-item';

/** The event of a test send: `ping`, a scope no repository change has. */
const TEST_EVENT = { action: 'update', scope: 'ping' } as const;

/** The repository id of a test event: no real repository has it. */
const NO_REPOSITORY_ID = '000000000000000000000000';

/** Payload v3 of "Send a test event": a repo change payload whose event is `ping`. */
export type TestEventPayload = Omit<WebhookPayloadV3, 'event'> & { event: typeof TEST_EVENT };

/**
 * The payload of a test send (docs/settings-api.md "Send a test event"): the shape of every
 * delivery, so a receiver that parses payload v3 (huggingface_hub's `WebhookPayload` needs
 * `event`, `repo` and `webhook`) accepts it, with the event `{action: "update", scope: "ping"}`
 * telling it apart. The repository is the webhook's first watched repository, or a
 * `<name>/test-event` model of its first watched user or organization, with the id no repository
 * has.
 */
export function buildTestEventPayload(
  webhook: { id: string; ownerId: string; watched: readonly WatchedItem[] },
  options: PayloadOptions,
): TestEventPayload {
  const watchedRepo = webhook.watched.find((item) =>
    (REPO_TYPES as readonly string[]).includes(item.type),
  );
  const type = (watchedRepo?.type ?? 'model') as (typeof REPO_TYPES)[number];
  const name = watchedRepo?.name ?? `${webhook.watched[0]?.name ?? 'gatehouse'}/test-event`;
  return {
    event: TEST_EVENT,
    repo: {
      type,
      name,
      id: NO_REPOSITORY_ID,
      private: false,
      url: repoUrls(type, name, options.publicBaseUrl),
      owner: { id: webhook.ownerId },
    },
    webhook: { id: webhook.id, version: 3 },
  };
}
