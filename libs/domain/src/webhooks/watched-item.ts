import { z } from 'zod';

/**
 * What a webhook watches (docs/settings-api.md "Webhooks", docs/hf-clients.md "Webhook management API"): a repository, every repository
 * of a user or organization, or a bucket. The keys are exactly `type` and `name`: the Python client
 * serialises its dataclass with `asdict` and rebuilds items from those two keys only.
 */
export const WATCHED_ITEM_TYPES = ['model', 'dataset', 'space', 'org', 'user', 'bucket'] as const;
export type WatchedItemType = (typeof WATCHED_ITEM_TYPES)[number];

export const REPO_TYPES = ['model', 'dataset', 'space'] as const;

export interface WatchedItem {
  type: WatchedItemType;
  name: string;
}

const MAX_NAME_SEGMENT_LENGTH = 96;

/**
 * One namespace or repository name segment, as the Hub's `validate_repo_id` accepts it: ASCII
 * letters, digits, `_`, `-` and `.`, not starting or ending with `-` or `.`, no `--` or `..`,
 * at most 96 characters.
 */
const SEGMENT = /^\w(?:[\w.-]*\w)?$/;

function isSegment(text: string): boolean {
  return (
    text.length <= MAX_NAME_SEGMENT_LENGTH &&
    SEGMENT.test(text) &&
    !text.includes('--') &&
    !text.includes('..')
  );
}

/** `owner/name`, or a bare legacy repository id such as `gpt2` when `allowBare`. */
function isQualifiedName(text: string, allowBare: boolean): boolean {
  const parts = text.split('/');
  if (parts.length === 1) return allowBare && isSegment(parts[0]!);
  return parts.length === 2 && parts.every(isSegment);
}

/** Why `name` is not valid for `type`, or null when it is. */
export function watchedNameProblem(type: WatchedItemType, name: string): string | null {
  switch (type) {
    case 'model':
    case 'dataset':
    case 'space':
      return isQualifiedName(name, true)
        ? null
        : `a ${type} is named by its repository id, "owner/name" (or a legacy bare name)`;
    case 'user':
      return isSegment(name) ? null : 'a user is named by its user name';
    case 'org':
      return isSegment(name) ? null : 'an org is named by its organization name';
    case 'bucket':
      return isQualifiedName(name, false) ? null : 'a bucket is named "owner/name"';
  }
}

export const watchedItemSchema = z
  .object({
    type: z.enum(WATCHED_ITEM_TYPES, { error: `must be one of ${WATCHED_ITEM_TYPES.join(', ')}` }),
    name: z.string({ error: 'must be a string' }).min(1, { error: 'must not be empty' }),
  })
  .check((ctx) => {
    const problem = watchedNameProblem(ctx.value.type, ctx.value.name);
    if (problem)
      ctx.issues.push({ code: 'custom', message: problem, path: ['name'], input: ctx.value.name });
  });

/**
 * The key deduplication uses (the subscription index looks up the same type and lower-cased name
 * without building the string). Hub names are case-insensitive (`GPT2` and `gpt2` are one
 * repository), so the key is lower-cased; the user's spelling is kept for display.
 */
export function watchedKey(type: WatchedItemType, name: string): string {
  return `${type}:${name.toLowerCase()}`;
}
