import { JsonReader } from '../internal/json-reader';
import type { WebhookDomain, WebhookInfo, WebhookJobSpec, WatchedItemType } from './webhook-info';

/** Reads a webhook object: `id`, `watched`, `domains` and `disabled` are required, as in the Python client. */
export function parseWebhookInfo(value: unknown, path = 'webhook'): WebhookInfo {
  const webhook = JsonReader.of(value, path);
  const job = webhook.optionalObject('job');
  return {
    id: webhook.string('id'),
    url: webhook.nullableString('url'),
    job: job ? (job.value as WebhookJobSpec) : null,
    watched: webhook.objects('watched').map((item) => ({ type: item.string('type') as WatchedItemType, name: item.string('name') })),
    domains: webhook.strings('domains') as WebhookDomain[],
    secret: webhook.nullableString('secret'),
    disabled: webhook.boolean('disabled'),
  };
}
