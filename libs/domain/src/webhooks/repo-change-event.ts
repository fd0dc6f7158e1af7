import { z } from 'zod';
import { REPO_TYPES, watchedNameProblem } from './watched-item';

/**
 * The repo change event: what the platform's repo services publish, keyed by repository id, and
 * what the delivery worker turns into payload v3 (docs/events.md). Field names and shapes follow
 * the payload the Hugging Face clients parse (docs/hf-clients.md "Webhook payload"), plus what delivery
 * needs and the payload does not show: the event `id` and `time`, and the owner's `name` (to
 * match webhooks watching a user or organization by name).
 *
 * Scopes and actions (hub-docs `webhooks.md`): `repo` create|update|delete|move; `repo.content`
 * and `repo.config` always update; `discussion` create|update|delete; `discussion.comment`
 * create|update. A dotted sub-scope (`repo.config.dois`) is accepted with any action, as the docs
 * tell receivers to read it as an update of its parent.
 *
 * Buckets: a bucket event is a repo event with `repo.type: "bucket"` and a `repo` or
 * `repo.content` scope (buckets have no discussions). It reaches only webhooks that watch that
 * bucket by name (`bucket:<owner>/<name>`), never those watching the owner, because the Python
 * client's payload model accepts only model|dataset|space in `repo.type` and its receivers would
 * answer such a payload with an error forever.
 */
const REPO_EVENT_ACTIONS = ['create', 'update', 'delete', 'move'] as const;
export type RepoEventAction = (typeof REPO_EVENT_ACTIONS)[number];

/** The scopes the payload documents; producers may send finer ones under `repo.` and `discussion.`. */
type KnownRepoEventScope =
  'repo' | 'repo.content' | 'repo.config' | 'discussion' | 'discussion.comment';
export type RepoEventScope = KnownRepoEventScope | `repo.${string}` | `discussion.${string}`;

const EVENT_REPO_TYPES = [...REPO_TYPES, 'bucket'] as const;
export type EventRepoType = (typeof EVENT_REPO_TYPES)[number];

const DISCUSSION_STATUSES = ['open', 'closed', 'merged', 'draft'] as const;

const ACTIONS_BY_SCOPE: Record<KnownRepoEventScope, readonly RepoEventAction[]> = {
  repo: ['create', 'update', 'delete', 'move'],
  'repo.content': ['update'],
  'repo.config': ['update'],
  discussion: ['create', 'update', 'delete'],
  'discussion.comment': ['create', 'update'],
};

/** Also the Standard Webhooks message id prefix, which may not contain `.`. */
const EVENT_ID = /^[A-Za-z0-9_-]{1,128}$/;
const SCOPE = /^(?:repo|discussion)(?:\.[a-z][A-Za-z0-9]*)*$/;
const GIT_SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

const id = z.string().min(1).max(64);
const sha = z.string().regex(GIT_SHA, { error: 'must be a hexadecimal git object id' });
const link = z.object({ web: z.url(), api: z.url().optional() });

const repoEventRepoSchema = z
  .object({
    type: z.enum(EVENT_REPO_TYPES),
    name: z.string(),
    id,
    private: z.boolean(),
    owner: z.object({ id, name: z.string().min(1).max(96) }),
    headSha: sha.optional(),
    subdomain: z.string().min(1).max(253).optional(),
    url: link.optional(),
  })
  .check((ctx) => {
    const { type, name, owner } = ctx.value;
    const problem = watchedNameProblem(type, name);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, path: ['name'], input: name });
    const namespace = name.includes('/') ? name.split('/')[0]! : null;
    if (namespace !== null && namespace.toLowerCase() !== owner.name.toLowerCase()) {
      ctx.issues.push({
        code: 'custom',
        message: `must be the namespace of repo.name ("${namespace}")`,
        path: ['owner', 'name'],
        input: owner.name,
      });
    }
  });

const repoEventDiscussionSchema = z.object({
  id,
  num: z.number().int().positive(),
  title: z.string(),
  status: z.enum(DISCUSSION_STATUSES),
  isPullRequest: z.boolean(),
  author: z.object({ id }),
  changes: z.object({ base: z.string().min(1), mergeCommitId: sha.optional() }).optional(),
  pinned: z.boolean().optional(),
  url: link.optional(),
});

const repoEventCommentSchema = z.object({
  id,
  author: z.object({ id }),
  content: z.string().optional(),
  hidden: z.boolean(),
  url: z.object({ web: z.url() }).optional(),
});

const updatedRefSchema = z.object({
  ref: z
    .string()
    .regex(/^refs\/\S+$/, { error: 'must be a full ref name such as refs/heads/main' }),
  oldSha: sha.nullable(),
  newSha: sha.nullable(),
});

const movedToSchema = z.object({
  name: z.string().min(1),
  owner: z.object({ id, name: z.string().min(1).optional() }),
});

export const repoChangeEventSchema = z
  .object({
    id: z.string().regex(EVENT_ID, { error: 'must be 1-128 characters of A-Z, a-z, 0-9, _ and -' }),
    time: z.iso.datetime({ offset: true }),
    event: z.object({
      action: z.enum(REPO_EVENT_ACTIONS),
      scope: z.string().regex(SCOPE, {
        error:
          'must be repo, repo.content, repo.config, discussion, discussion.comment or a sub-scope',
      }),
    }),
    repo: repoEventRepoSchema,
    discussion: repoEventDiscussionSchema.optional(),
    comment: repoEventCommentSchema.optional(),
    updatedRefs: z.array(updatedRefSchema).optional(),
    movedTo: movedToSchema.optional(),
    updatedConfig: z.record(z.string(), z.unknown()).optional(),
  })
  .check((ctx) => {
    const { event, repo, discussion, comment, movedTo } = ctx.value;
    const issue = (message: string, path: PropertyKey[]) =>
      ctx.issues.push({ code: 'custom', message, path, input: ctx.value });
    const allowed = ACTIONS_BY_SCOPE[event.scope as KnownRepoEventScope];
    if (allowed && !allowed.includes(event.action))
      issue(`${event.scope} events take ${allowed.join('|')}`, ['event', 'action']);
    const isDiscussionScope = event.scope.startsWith('discussion');
    if (isDiscussionScope && repo.type === 'bucket')
      issue('buckets have no discussions', ['event', 'scope']);
    if (isDiscussionScope && !discussion)
      issue(`is required for ${event.scope} events`, ['discussion']);
    if (event.scope === 'discussion.comment' && !comment)
      issue('is required for discussion.comment events', ['comment']);
    if (event.action === 'move' && !movedTo) issue('is required for move events', ['movedTo']);
  })
  .transform((value) => value as typeof value & { event: { scope: RepoEventScope } });

export type RepoChangeEvent = z.output<typeof repoChangeEventSchema>;
export type UpdatedRef = z.output<typeof updatedRefSchema>;
