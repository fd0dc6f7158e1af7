import type { EventRepoType } from './repo-change-event';
import type { WatchedItem } from './watched-item';
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
  repo: {
    type: EventRepoType;
    name: string;
    private: boolean;
    owner: { id: string; name: string };
  };
}

export interface RepoReadAccess {
  /** May this user read this (private) repository? The owner, or a member of the owning organization. */
  canRead(ownerUserId: string, repo: MatchableEvent['repo']): boolean;
}

/** Users and organizations share one namespace on the Hub, so both watch types look in one. */
type Namespace = Exclude<WatchedItem['type'], 'user' | 'org'> | 'owner';

function namespaceOf(type: WatchedItem['type']): Namespace {
  return type === 'user' || type === 'org' ? 'owner' : type;
}

/**
 * In-memory subscription index of the delivery worker: matching an event costs two lookups (a
 * namespace, then a name) plus the webhooks that watch its repository, bucket or owner, never a scan.
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
   * Namespace -> lower-cased name -> the webhooks watching it (the key of watched-item.ts
   * `watchedKey`, without building its string: the delivery worker holds 100,000 webhooks and
   * more). Most names have one watcher, held as its id; a name gets a Set (~220 bytes of heap)
   * only once a second webhook watches it.
   */
  private readonly watchers = new Map<Namespace, Map<string, string | Set<string>>>();
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
    const found = new Set<string>();
    const collect = (namespace: Namespace, name: string) => {
      const ids = this.watchers.get(namespace)?.get(name.toLowerCase());
      if (typeof ids === 'string') found.add(ids);
      else if (ids) for (const webhookId of ids) found.add(webhookId);
    };
    collect(repo.type, repo.name);
    if (repo.type !== 'bucket') collect('owner', repo.owner.name);
    return found;
  }

  private index(subscription: S): void {
    const { webhookId } = subscription;
    for (const item of subscription.watched) {
      const namespace = namespaceOf(item.type);
      let names = this.watchers.get(namespace);
      if (!names) this.watchers.set(namespace, (names = new Map()));
      const name = item.name.toLowerCase();
      const ids = names.get(name);
      if (ids === undefined) names.set(name, webhookId);
      else if (typeof ids !== 'string') ids.add(webhookId);
      else if (ids !== webhookId) names.set(name, new Set([ids, webhookId]));
    }
  }

  private unindex(subscription: S): void {
    const { webhookId } = subscription;
    for (const item of subscription.watched) {
      const names = this.watchers.get(namespaceOf(item.type));
      const name = item.name.toLowerCase();
      const ids = names?.get(name);
      if (ids === webhookId) names!.delete(name);
      else if (ids instanceof Set) {
        ids.delete(webhookId);
        if (ids.size === 1) names!.set(name, ids.values().next().value!);
      }
    }
  }
}
