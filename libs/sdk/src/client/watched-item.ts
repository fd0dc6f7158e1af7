import type { WatchedItemType, WebhookWatchedItem } from './webhook-info';

const WATCHED_TYPES: readonly WatchedItemType[] = [
  'model',
  'dataset',
  'space',
  'org',
  'user',
  'bucket',
];

/** Parses the command line's `type:name` form, e.g. `model:openai-community/gpt2` or `bucket:acme/logs`. */
export function parseWatchedItem(text: string): WebhookWatchedItem {
  const separator = text.indexOf(':');
  const type = text.slice(0, separator) as WatchedItemType;
  const name = text.slice(separator + 1);
  if (separator < 0 || !WATCHED_TYPES.includes(type) || !name) {
    throw new TypeError(
      `A watched item is written <type>:<name> with type one of ${WATCHED_TYPES.join(', ')}; got ${JSON.stringify(text)}.`,
    );
  }
  return { type, name };
}

export function toWatchedItem(item: WebhookWatchedItem | string): WebhookWatchedItem {
  return typeof item === 'string' ? parseWatchedItem(item) : { type: item.type, name: item.name };
}
