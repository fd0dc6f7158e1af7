import type {
  EventRepoType,
  RepoChangeEvent,
  RepoEventAction,
  RepoEventScope,
  UpdatedRef,
} from './repo-change-event';

/**
 * Webhook payload version 3, the only version the Python client accepts (docs/hf-clients.md
 * "Webhook payload", hub-docs `webhooks.md`). camelCase names exactly as documented; keys in the order of
 * the docs' example. Optional parts are omitted, never null.
 */
export interface WebhookPayloadV3 {
  event: { action: RepoEventAction; scope: RepoEventScope };
  repo: {
    type: EventRepoType;
    name: string;
    id: string;
    private: boolean;
    url: { web: string; api: string };
    headSha?: string;
    subdomain?: string;
    owner: { id: string };
  };
  discussion?: {
    id: string;
    title: string;
    url: { web: string; api: string };
    status: string;
    author: { id: string };
    num: number;
    isPullRequest: boolean;
    changes?: { base: string; mergeCommitId?: string };
    pinned?: boolean;
  };
  comment?: {
    id: string;
    author: { id: string };
    content?: string;
    hidden: boolean;
    url: { web: string };
  };
  webhook: { id: string; version: 3 };
  updatedRefs?: UpdatedRef[];
  movedTo?: { name: string; owner: { id: string } };
  updatedConfig?: Record<string, unknown>;
}

export interface PayloadOptions {
  /** Where users reach the platform, e.g. `https://huggingface.co`: repository URLs are built on it. */
  publicBaseUrl: string;
}

const WEB_PREFIX: Record<EventRepoType, string> = {
  model: '',
  dataset: 'datasets/',
  space: 'spaces/',
  bucket: 'buckets/',
};

/** `https://hf.co/datasets/o/n` and `https://hf.co/api/datasets/o/n`, as in the docs' examples. */
export function repoUrls(
  type: EventRepoType,
  name: string,
  publicBaseUrl: string,
): { web: string; api: string } {
  const base = publicBaseUrl.replace(/\/+$/, '');
  return { web: `${base}/${WEB_PREFIX[type]}${name}`, api: `${base}/api/${type}s/${name}` };
}

/**
 * The payload for one webhook. Repository and discussion URLs come from the event when the
 * producer set them, otherwise from `publicBaseUrl`. `repo.headSha` is sent only for `repo*`
 * scopes (hub-docs). A comment's URL is its discussion's plus `#<comment id>`, its content is
 * left out when hidden, and a comment without a discussion is left out.
 */
export function buildPayloadV3(
  event: RepoChangeEvent,
  webhook: { id: string },
  options: PayloadOptions,
): WebhookPayloadV3 {
  const { repo, discussion, comment, updatedRefs, movedTo, updatedConfig } = event;
  const built = repoUrls(repo.type, repo.name, options.publicBaseUrl);
  const repoUrl = { web: repo.url?.web ?? built.web, api: repo.url?.api ?? built.api };
  const discussionUrl = discussion && {
    web: discussion.url?.web ?? `${repoUrl.web}/discussions/${discussion.num}`,
    api: discussion.url?.api ?? `${repoUrl.api}/discussions/${discussion.num}`,
  };

  return {
    event: { action: event.event.action, scope: event.event.scope },
    repo: {
      type: repo.type,
      name: repo.name,
      id: repo.id,
      private: repo.private,
      url: repoUrl,
      ...(repo.headSha && event.event.scope.startsWith('repo') ? { headSha: repo.headSha } : {}),
      ...(repo.subdomain ? { subdomain: repo.subdomain } : {}),
      owner: { id: repo.owner.id },
    },
    ...(discussion && discussionUrl
      ? {
          discussion: {
            id: discussion.id,
            title: discussion.title,
            url: discussionUrl,
            status: discussion.status,
            author: { id: discussion.author.id },
            num: discussion.num,
            isPullRequest: discussion.isPullRequest,
            ...(discussion.changes ? { changes: { ...discussion.changes } } : {}),
            ...(discussion.pinned !== undefined ? { pinned: discussion.pinned } : {}),
          },
        }
      : {}),
    ...(comment && discussionUrl
      ? {
          comment: {
            id: comment.id,
            author: { id: comment.author.id },
            ...(comment.hidden || comment.content === undefined
              ? {}
              : { content: comment.content }),
            hidden: comment.hidden,
            url: { web: `${discussionUrl.web}#${comment.id}` },
          },
        }
      : {}),
    webhook: { id: webhook.id, version: 3 },
    ...(updatedRefs
      ? { updatedRefs: updatedRefs.map(({ ref, oldSha, newSha }) => ({ ref, oldSha, newSha })) }
      : {}),
    ...(movedTo ? { movedTo: { name: movedTo.name, owner: { id: movedTo.owner.id } } } : {}),
    ...(updatedConfig ? { updatedConfig: { ...updatedConfig } } : {}),
  };
}
