import { z } from 'zod';
import type { FineGrainedRequest, Permission } from '../oauth/token-permissions';
import { REPO_TYPES } from './watched-item';

/**
 * The token a Job webhook asks for at each launch (libs/feature-webhooks/README.md "Job token"):
 * `none`, or a short-lived fine-grained token limited to the repository of the event, that reads
 * it (`read`) or reads and writes it (`write`), handed to the Job as `HF_TOKEN`.
 */
export const JOB_TOKEN_ACCESS = ['none', 'read', 'write'] as const;
export type JobTokenAccess = (typeof JOB_TOKEN_ACCESS)[number];

export const jobTokenAccessSchema = z.enum(JOB_TOKEN_ACCESS, {
  error: `must be one of ${JOB_TOKEN_ACCESS.join(', ')}`,
});

/** The variable the minted token is passed in: what huggingface_hub and huggingface.js read. */
export const JOB_TOKEN_ENV_NAME = 'HF_TOKEN';

/** A Job without a timeout: the Hub's default Job timeout, 30 minutes. */
export const DEFAULT_JOB_TOKEN_TTL_SECONDS = 30 * 60;
/** No Job token outlives a day, whatever the Job's timeout. */
export const MAX_JOB_TOKEN_TTL_SECONDS = 24 * 60 * 60;

const PERMISSIONS_OF: Record<Exclude<JobTokenAccess, 'none'>, Permission[]> = {
  read: ['repo.content.read', 'repo.access.read'],
  write: ['repo.content.read', 'repo.access.read', 'repo.write'],
};

/** What a delivery asks token-exchange to mint (`POST /internal/job-tokens`). */
export interface JobTokenRequest {
  /** The webhook's owner: the token's owner. */
  userId: string;
  webhookId: string;
  deliveryId: string;
  /** The event's repository: `type` model, dataset or space; `name` `owner/name`. */
  repo: { type: string; name: string };
  access: 'read' | 'write';
  /** `jobTokenTtlSeconds` of the Job's timeout. */
  ttlSeconds: number;
}

/** The minted token: its value (never logged) and when it stops working. */
export interface MintedJobToken {
  token: string;
  expiresAt: string;
}

export const jobTokenRequestSchema = z.object({
  userId: z.string().regex(/^[0-9a-f]{24}$/, { error: 'must be a user id' }),
  webhookId: z.string().min(1).max(64),
  deliveryId: z.string().min(1).max(64),
  repo: z.object({
    type: z.enum(REPO_TYPES, { error: `must be one of ${REPO_TYPES.join(', ')}` }),
    name: z.string().min(3).max(193),
  }),
  access: z.enum(['read', 'write'], { error: 'must be read or write' }),
  ttlSeconds: z.number().int().min(1).max(MAX_JOB_TOKEN_TTL_SECONDS),
}) satisfies z.ZodType<JobTokenRequest>;

/** How long a Job's token lives: the Job's timeout, or the default without one, capped at a day. */
export function jobTokenTtlSeconds(timeoutSeconds: number | null | undefined): number {
  const limit =
    timeoutSeconds && timeoutSeconds > 0
      ? Math.ceil(timeoutSeconds)
      : DEFAULT_JOB_TOKEN_TTL_SECONDS;
  return Math.min(limit, MAX_JOB_TOKEN_TTL_SECONDS);
}

/** Only a model, dataset or space can be a token's scoped entry (a bucket cannot). */
export function isJobTokenRepoType(type: string): boolean {
  return (REPO_TYPES as readonly string[]).includes(type);
}

/** The grant of a Job token: the one repository, with the permissions of `access`. */
export function jobTokenGrantRequest(
  repo: { type: string; name: string },
  access: 'read' | 'write',
): FineGrainedRequest {
  return {
    global: [],
    scoped: [{ entity: { type: repo.type, name: repo.name }, permissions: PERMISSIONS_OF[access] }],
    canReadGatedRepos: false,
  };
}

/** How every Job token's name starts: the token pruner deletes expired tokens so named. */
export const JOB_TOKEN_NAME_PREFIX = 'Job webhook ';

/** The token's name in its owner's token list: the webhook and the delivery it was minted for. */
export function jobTokenName(webhookId: string, deliveryId: string): string {
  return `${JOB_TOKEN_NAME_PREFIX}${webhookId} delivery ${deliveryId}`;
}
