import type { EventRepoType } from './repo-change-event';
import { type WatchedItem, watchedKey } from './watched-item';
import { domainOfScope, type WebhookDomain } from './webhook-domain';

/** What the delivery worker knows of a webhook to match events; fed by webhook-changed events. */
export interface Subscription {
  webhookId: string;
  /** The user who owns the webhook: private repositories' events need their read access. */
  ownerId: string;
  watched: readonly WatchedItem[];
  domains: readonly WebhookDomain[];
  disabled: boolean;
  /** Grows with every change of the webhook; older versions arriving late are ignored. */
  revision: number;
}

/** The part of a repo change event that matching reads. */
export interface MatchableEvent {
  event: { scope: string };
  repo: { type: EventRepoType; name: string; private: boolean; owner: { id: string; name: string } };
}

export interface RepoReadAccess {
  /** May this user read this (private) repository? The owner, or a member of the owning organization. */
  canRead(ownerUserId: string, repo: MatchableEvent['repo']): boolean;
}

/** Users and organizations share one namespace on the Hub, so both watch types use one key. */
function ownerKey(name: string): string {
  return `owner:${name.toLowerCase()}`;
}

function indexKey(item: WatchedItem): string {
  return item.type === 'user' || item.type === 'org' ? ownerKey(item.name) : watchedKey(item.type, item.name);
}

/**
 * In-memory subscription index of the delivery worker: matching an event costs
 * two hash lookups plus the webhooks that watch its repository, bucket or owner, never a scan.
 *
 * An event reaches an enabled webhook that watches its repository (type and name), its owner (a
 * `user` or `org` item with the owner's name) or, for bucket events, that bucket; whose domains
 * include the event's domain (`repo` for `repo*` scopes, `discussion` for `discussion*`); and,
 * for a private repository, whose owner can read it. Bucket events skip owner watchers (see
 * repo-change-event.ts). Names compare case-insensitively, as on the Hub.
 */
export class SubscriptionIndex<S extends Subscription = Subscription> {
  private readonly byId = new Map<string, S>();
  /**
   * Watched key -> the webhooks watching it. Most keys have one watcher, held as its id: a Set
   * per key cost ~220 bytes of heap per webhook (the delivery worker holds 100,000 and more), so
   * a key gets a Set only once a second webhook watches it.
   */
  private readonly byKey = new Map<string, string | Set<string>>();
  /** Revision of removed webhooks, so a late upsert cannot bring one back. */
  private readonly removedAt = new Map<string, number>();

  get size(): number {
    return this.byId.size;
  }

  get(webhookId: string): S | undefined {
    return this.byId.get(webhookId);
  }

  /** Stores the subscription unless a same or newer revision is known; true when applied. */
  upsert(subscription: S): boolean {
    const { webhookId, revision } = subscription;
    const current = this.byId.get(webhookId);
    if (current && current.revision >= revision) return false;
    const removed = this.removedAt.get(webhookId);
    if (removed !== undefined && removed >= revision) return false;
    this.removedAt.delete(webhookId);
    if (current) this.unindex(current);
    this.byId.set(webhookId, subscription);
    if (!subscription.disabled) this.index(subscription);
    return true;
  }

  /**
   * Forgets the webhook. With `revision` (the delete's), a stored newer version is kept and
   * later upserts up to that revision are ignored. True when something was removed.
   */
  remove(webhookId: string, revision?: number): boolean {
    const current = this.byId.get(webhookId);
    if (revision !== undefined) {
      if (current && current.revision > revision) return false;
      this.removedAt.set(webhookId, Math.max(revision, this.removedAt.get(webhookId) ?? revision));
    }
    if (!current) return false;
    this.unindex(current);
    this.byId.delete(webhookId);
    return true;
  }

  /** Every matching subscription, each once, in no particular order. */
  match(event: MatchableEvent, access: RepoReadAccess): S[] {
    const domain = domainOfScope(event.event.scope);
    if (!domain) return [];
    const matches: S[] = [];
    for (const webhookId of this.candidates(event)) {
      const subscription = this.byId.get(webhookId)!;
      if (!subscription.domains.includes(domain)) continue;
      if (event.repo.private && !access.canRead(subscription.ownerId, event.repo)) continue;
      matches.push(subscription);
    }
    return matches;
  }

  /** How many enabled webhooks an event's lookups touch (for metrics and tests). */
  candidateCount(event: MatchableEvent): number {
    return this.candidates(event).size;
  }

  private candidates(event: MatchableEvent): Set<string> {
    const { repo } = event;
    const keys = [watchedKey(repo.type, repo.name)];
    if (repo.type !== 'bucket') keys.push(ownerKey(repo.owner.name));
    const found = new Set<string>();
    for (const key of keys) {
      const watchers = this.byKey.get(key);
      if (typeof watchers === 'string') found.add(watchers);
      else if (watchers) for (const webhookId of watchers) found.add(webhookId);
    }
    return found;
  }

  private index(subscription: S): void {
    const { webhookId } = subscription;
    for (const item of subscription.watched) {
      const key = indexKey(item);
      const watchers = this.byKey.get(key);
      if (watchers === undefined) this.byKey.set(key, webhookId);
      else if (typeof watchers !== 'string') watchers.add(webhookId);
      else if (watchers !== webhookId) this.byKey.set(key, new Set([watchers, webhookId]));
    }
  }

  private unindex(subscription: S): void {
    const { webhookId } = subscription;
    for (const item of subscription.watched) {
      const key = indexKey(item);
      const watchers = this.byKey.get(key);
      if (watchers === webhookId) this.byKey.delete(key);
      else if (watchers instanceof Set) {
        watchers.delete(webhookId);
        if (watchers.size === 1) this.byKey.set(key, watchers.values().next().value!);
      }
    }
  }
}
