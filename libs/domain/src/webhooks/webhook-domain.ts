import { z } from 'zod';

/**
 * Event domains a webhook filters on (docs/settings-api.md "Webhooks"). The Python client's `WEBHOOK_DOMAIN_T` and its CLI
 * send `discussions`, its docstrings and guides send `discussion` (docs/hf-clients.md "Webhook management API"):
 * both are accepted and stored, and echoed, as `discussion`.
 */
export const WEBHOOK_DOMAINS = ['repo', 'discussion'] as const;
export type WebhookDomain = (typeof WEBHOOK_DOMAINS)[number];

const SPELLINGS: Record<string, WebhookDomain> = {
  repo: 'repo',
  discussion: 'discussion',
  discussions: 'discussion',
};

/**
 * A non-empty list of domain spellings, deduplicated and in canonical order. An empty list is
 * refused rather than read as "all": a webhook with no domain never fires, and widening it
 * silently would deliver events the caller did not ask for. Omit the field to get both.
 */
export const webhookDomainsSchema = z
  .array(
    z.string({ error: 'must be a string' }).refine((value) => Object.hasOwn(SPELLINGS, value), {
      error: 'must be "repo" or "discussion" ("discussions" is accepted)',
    }),
    { error: 'must be an array of domains' },
  )
  .min(1, { error: 'must list at least one of repo, discussion (omit it to receive both)' })
  .transform((values): WebhookDomain[] =>
    WEBHOOK_DOMAINS.filter((domain) => values.some((value) => SPELLINGS[value] === domain)),
  );

/** The domain of an event scope: `repo*` scopes are `repo`, `discussion*` scopes are `discussion`. */
export function domainOfScope(scope: string): WebhookDomain | null {
  const root = scope.split('.')[0];
  return root === 'repo' || root === 'discussion' ? root : null;
}
