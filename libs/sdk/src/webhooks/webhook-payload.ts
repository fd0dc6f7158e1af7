/**
 * The webhook payload, version 3 (libs/feature-delivery/README.md; docs/hf-clients.md "Webhook payload"). JSON names are
 * camelCase exactly as delivered. Keys not declared here are kept at run time, so a payload
 * from a newer server still reaches the handler.
 */
export type WebhookEventAction = 'create' | 'delete' | 'move' | 'update';
export type WebhookRepoType = 'model' | 'dataset' | 'space' | 'bucket';
export type WebhookDiscussionStatus = 'open' | 'closed' | 'draft' | 'merged';

export interface WebhookEntityRef {
  id: string;
}

export interface WebhookUrls {
  web: string;
  api?: string;
}

export interface WebhookEvent {
  action: WebhookEventAction;
  /** `repo`, `repo.content`, `repo.config`, `discussion`, `discussion.comment`; unknown sub-scopes are updates of their parent. */
  scope: string;
}

export interface WebhookRepo {
  id: string;
  type: WebhookRepoType;
  /** The full repository id, e.g. `openai-community/gpt2`. */
  name: string;
  private: boolean;
  owner: WebhookEntityRef;
  url: WebhookUrls;
  /** Latest commit on `main`; sent when the scope starts with `repo`. */
  headSha?: string;
  /** Spaces only. */
  subdomain?: string;
  tags?: string[];
}

export interface WebhookDiscussionChanges {
  base: string;
  mergeCommitId?: string;
}

export interface WebhookDiscussion {
  id: string;
  num: number;
  author: WebhookEntityRef;
  url: WebhookUrls;
  title: string;
  isPullRequest: boolean;
  status: WebhookDiscussionStatus;
  changes?: WebhookDiscussionChanges;
  pinned?: boolean;
}

export interface WebhookComment {
  id: string;
  author: WebhookEntityRef;
  hidden: boolean;
  /** Absent when the comment is hidden. */
  content?: string;
  url: { web: string };
}

export interface WebhookInfoRef {
  id: string;
  version: 3;
}

export interface WebhookMovedTo {
  name: string;
  owner: WebhookEntityRef;
}

export interface WebhookUpdatedRef {
  ref: string;
  /** `null` for a new ref. */
  oldSha: string | null;
  /** `null` for a deleted ref. */
  newSha: string | null;
}

export interface WebhookPayload {
  event: WebhookEvent;
  repo: WebhookRepo;
  discussion?: WebhookDiscussion;
  comment?: WebhookComment;
  webhook: WebhookInfoRef;
  movedTo?: WebhookMovedTo;
  updatedRefs?: WebhookUpdatedRef[];
  /** Sent with scope `repo.config`; `{}` when the changed setting is not described. */
  updatedConfig?: { private?: boolean; [setting: string]: unknown };
}
