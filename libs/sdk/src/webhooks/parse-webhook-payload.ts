import { JsonReader, JsonShapeError } from '../internal/json.reader';
import type { WebhookPayload } from './webhook-payload';
import { WebhookPayloadError } from './webhook-payload.error';

const EVENT_ACTIONS = ['create', 'delete', 'move', 'update'] as const;
const REPO_TYPES = ['model', 'dataset', 'space', 'bucket'] as const;
const DISCUSSION_STATUSES = ['open', 'closed', 'draft', 'merged'] as const;
/** Only version 3 exists (docs/hf-clients.md "Webhook payload"). */
const SUPPORTED_VERSIONS = [3] as const;

/**
 * Parses and checks a webhook payload v3. Unknown keys are kept; a missing or mistyped
 * required field throws WebhookPayloadError naming the field.
 */
export function parseWebhookPayload(body: Buffer | string): WebhookPayload {
  let document: unknown;
  try {
    document = JSON.parse(typeof body === 'string' ? body : body.toString('utf8'));
  } catch {
    throw new WebhookPayloadError('The request body is not valid JSON.');
  }
  try {
    checkPayload(JsonReader.of(document, 'payload'));
  } catch (error) {
    if (error instanceof JsonShapeError)
      throw new WebhookPayloadError(`Invalid webhook payload: ${error.message}`);
    throw error;
  }
  return document as WebhookPayload;
}

function checkPayload(payload: JsonReader): void {
  const event = payload.object('event');
  event.oneOf('action', EVENT_ACTIONS);
  event.string('scope');
  checkRepo(payload.object('repo'));
  const webhook = payload.object('webhook');
  webhook.string('id');
  webhook.oneOf('version', SUPPORTED_VERSIONS);
  const discussion = payload.optionalObject('discussion');
  if (discussion) checkDiscussion(discussion);
  const comment = payload.optionalObject('comment');
  if (comment) checkComment(comment);
  const movedTo = payload.optionalObject('movedTo');
  if (movedTo) {
    movedTo.string('name');
    movedTo.object('owner').string('id');
  }
  if (payload.has('updatedRefs')) {
    for (const ref of payload.objects('updatedRefs')) {
      ref.string('ref');
      ref.nullableString('oldSha');
      ref.nullableString('newSha');
    }
  }
  payload.optionalObject('updatedConfig')?.optionalBoolean('private');
}

function checkRepo(repo: JsonReader): void {
  repo.string('id');
  repo.oneOf('type', REPO_TYPES);
  repo.string('name');
  repo.boolean('private');
  repo.object('owner').string('id');
  checkUrls(repo.object('url'));
  repo.optionalString('headSha');
  repo.optionalString('subdomain');
  if (repo.has('tags')) repo.strings('tags');
}

function checkDiscussion(discussion: JsonReader): void {
  discussion.string('id');
  discussion.integer('num');
  discussion.object('author').string('id');
  checkUrls(discussion.object('url'));
  discussion.string('title');
  discussion.boolean('isPullRequest');
  discussion.oneOf('status', DISCUSSION_STATUSES);
  const changes = discussion.optionalObject('changes');
  if (changes) {
    changes.string('base');
    changes.optionalString('mergeCommitId');
  }
  discussion.optionalBoolean('pinned');
}

function checkComment(comment: JsonReader): void {
  comment.string('id');
  comment.object('author').string('id');
  comment.boolean('hidden');
  comment.optionalString('content');
  comment.object('url').string('web');
}

function checkUrls(url: JsonReader): void {
  url.string('web');
  url.optionalString('api');
}
