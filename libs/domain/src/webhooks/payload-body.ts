/**
 * The JSON body of a stored payload. Payloads are kept in a `jsonb` column, which does not keep
 * key order, so retries and replays would otherwise send the keys in PostgreSQL's order. Known
 * objects of payload v3 get the order of the docs' example (as buildPayloadV3 builds them, and so
 * as the first attempt sends them); unknown keys follow in their stored order. The delivery
 * worker sends (and signs) exactly these bytes; the activity's delivery detail shows them.
 */
const KEY_ORDER: Record<string, readonly string[]> = {
  '': [
    'event',
    'repo',
    'discussion',
    'comment',
    'webhook',
    'updatedRefs',
    'movedTo',
    'updatedConfig',
  ],
  event: ['action', 'scope'],
  repo: ['type', 'name', 'id', 'private', 'url', 'headSha', 'subdomain', 'owner'],
  'repo.url': ['web', 'api'],
  discussion: [
    'id',
    'title',
    'url',
    'status',
    'author',
    'num',
    'isPullRequest',
    'changes',
    'pinned',
  ],
  'discussion.url': ['web', 'api'],
  'discussion.changes': ['base', 'mergeCommitId'],
  comment: ['id', 'author', 'content', 'hidden', 'url'],
  webhook: ['id', 'version'],
  movedTo: ['name', 'owner'],
  'updatedRefs[]': ['ref', 'oldSha', 'newSha'],
};

function reorder(value: unknown, path: string): unknown {
  if (Array.isArray(value)) return value.map((item) => reorder(item, `${path}[]`));
  if (typeof value !== 'object' || value === null) return value;
  const order = KEY_ORDER[path];
  const record = value as Record<string, unknown>;
  if (!order) return record;
  const keys = [
    ...order.filter((key) => Object.hasOwn(record, key)),
    ...Object.keys(record).filter((key) => !order.includes(key)),
  ];
  return Object.fromEntries(
    keys.map((key) => [key, reorder(record[key], path === '' ? key : `${path}.${key}`)]),
  );
}

export function payloadBody(payload: Record<string, unknown>): string {
  return JSON.stringify(reorder(payload, ''));
}
