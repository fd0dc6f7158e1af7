import { z } from 'zod';
import type { DeliveryFilter } from './ports/delivery-activity.reader';

const instant = (example: string) =>
  z.iso
    .datetime({ offset: true, message: `must be an ISO 8601 date and time, e.g. ${example}` })
    .transform((value) => new Date(value))
    .optional();

/**
 * The query of `GET /api/settings/webhooks/{id}/activity`: paging (`limit`, `cursor`, checked by
 * the use case as before) and the filters. Parameters it does not name are ignored.
 */
export const activityQuerySchema = z
  .object({
    limit: z.string().optional(),
    cursor: z.string().optional(),
    outcome: z
      .enum(['delivered', 'failed', 'pending'], {
        message: 'must be delivered, failed or pending',
      })
      .optional(),
    scope: z
      .string()
      .max(100)
      .regex(
        /^[a-z][a-z_]*(\.[a-z][a-z_]*)*$/,
        'must be an event scope such as repo or repo.content',
      )
      .optional(),
    repo: z
      .string()
      .min(1, 'must name a repository, e.g. acme/bert')
      .max(250, 'must be at most 250 characters')
      .optional(),
    since: instant('2026-11-01T00:00:00Z'),
    until: instant('2026-11-30T00:00:00Z'),
  })
  .refine((query) => !query.since || !query.until || query.since < query.until, {
    message: 'must be later than since',
    path: ['until'],
  });

export type ActivityQuery = z.output<typeof activityQuerySchema>;

/** The filter part of the query, without the fields left out. */
export function deliveryFilterOf(query: ActivityQuery): DeliveryFilter {
  const filter: DeliveryFilter = {};
  if (query.outcome) filter.outcome = query.outcome;
  if (query.scope) filter.scope = query.scope;
  if (query.repo) filter.repo = query.repo;
  if (query.since) filter.since = query.since;
  if (query.until) filter.until = query.until;
  return filter;
}

/** The query of `…/activity/replay-failed`: `since`, required. */
export const replayFailedQuerySchema = z.object({
  since: z.iso
    .datetime({
      offset: true,
      message: 'must be an ISO 8601 date and time, e.g. 2026-11-01T00:00:00Z',
    })
    .transform((value) => new Date(value)),
});

export type ReplayFailedQuery = z.output<typeof replayFailedQuerySchema>;
