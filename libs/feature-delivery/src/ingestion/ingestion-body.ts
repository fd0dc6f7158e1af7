import {
  ApiError,
  type RepoChangeEvent,
  badRequestFromIssues,
  repoChangeEventSchema,
} from '@gatehouse/domain';

/** Events one request may carry: a batch stays well inside the 1 MB body limit and one Kafka request. */
export const MAX_EVENTS_PER_REQUEST = 500;

export interface IngestionDefaults {
  /** For an event sent without `id`. */
  newEventId(): string;
  /** ISO time for an event sent without `time`. */
  now(): string;
}

/**
 * The body of `POST /internal/events`: one event object or an array of them (docs/events.md).
 * `id` and `time` may be left out and are then assigned here; everything else is the repo change
 * event contract. The first problem is answered as a 400 naming the field, prefixed by the
 * event's index for an array (`[2].repo.name: ...`).
 */
export function parseIngestionBody(body: unknown, defaults: IngestionDefaults): RepoChangeEvent[] {
  const isBatch = Array.isArray(body);
  const items: unknown[] = isBatch ? body : [body];
  if (items.length === 0)
    throw ApiError.badRequest('the body is an empty array: send at least one event');
  if (items.length > MAX_EVENTS_PER_REQUEST) {
    throw ApiError.badRequest(
      `at most ${MAX_EVENTS_PER_REQUEST} events per request, got ${items.length}`,
    );
  }
  return items.map((item, index) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      throw isBatch
        ? ApiError.badRequest(`[${index}]: must be an event object`, `[${index}]`)
        : ApiError.badRequest('the body must be an event object or an array of events');
    }
    const withDefaults = {
      id: defaults.newEventId(),
      time: defaults.now(),
      ...withoutNullish(item as Record<string, unknown>, ['id', 'time']),
    };
    const parsed = repoChangeEventSchema.safeParse(withDefaults);
    if (parsed.success) return parsed.data;
    const issues = isBatch
      ? parsed.error.issues.map((issue) => ({ ...issue, path: [index, ...issue.path] }))
      : parsed.error.issues;
    throw badRequestFromIssues(issues);
  });
}

/** `{"id": null}` means "assign one", like leaving the key out. */
function withoutNullish(
  item: Record<string, unknown>,
  keys: readonly string[],
): Record<string, unknown> {
  const copy = { ...item };
  for (const key of keys) if (copy[key] === null || copy[key] === undefined) delete copy[key];
  return copy;
}
