import type { EventRepoType } from './repo-change-event';
import type { WatchedItem } from './watched-item';
import { SlotIds } from './slot-ids';
import { domainOfScope, WEBHOOK_DOMAINS, type WebhookDomain } from './webhook-domain';

/** What the index tells of a webhook it holds, and of each webhook an event matches. */
export interface SubscriptionState {
  webhookId: string;
  /** The user who owns the webhook: private repositories' events need their read access. */
  ownerId: string;
  domains: readonly WebhookDomain[];
  disabled: boolean;
  /** Grows with every change of the webhook; older versions arriving late are ignored. */
  revision: number;
}

/** What the delivery worker knows of a webhook to match events; fed by webhook-changed events. */
export interface Subscription extends SubscriptionState {
  watched: readonly WatchedItem[];
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

const DISABLED = 1;
/** Bit of each domain in an entry's flags, after the disabled bit. */
const DOMAIN_BIT = new Map(WEBHOOK_DOMAINS.map((domain, n) => [domain, 2 << n]));
/** One frozen domain list per combination, so the entries handed out share them. */
const DOMAIN_LISTS = new Map<number, readonly WebhookDomain[]>();

function domainsOf(flags: number): readonly WebhookDomain[] {
  const bits = flags & ~DISABLED;
  let domains = DOMAIN_LISTS.get(bits);
  if (!domains) {
    domains = Object.freeze(WEBHOOK_DOMAINS.filter((domain) => bits & DOMAIN_BIT.get(domain)!));
    DOMAIN_LISTS.set(bits, domains);
  }
  return domains;
}

const NAMESPACES: readonly Namespace[] = ['model', 'dataset', 'space', 'bucket', 'owner'];
const NAMESPACE_CODE = new Map(NAMESPACES.map((namespace, code) => [namespace, code]));

const FIRST_CAPACITY = 1024;

/**
 * In-memory subscription index of the delivery worker: matching an event costs two lookups (a
 * namespace, then a name) plus the webhooks that watch its repository, bucket or owner, never a scan.
 *
 * An event reaches an enabled webhook that watches its repository (type and name), its owner (a
 * `user` or `org` item with the owner's name) or, for bucket events, that bucket; whose domains
 * include the event's domain (`repo` for `repo*` scopes, `discussion` for `discussion*`); and,
 * for a private repository, whose owner can read it. Bucket events skip owner watchers (see
 * repo-change-event.ts). Names compare case-insensitively, as on the Hub.
 *
 * The worker holds 100,000 webhooks and more, so each is a slot in columns (typed arrays for its
 * id, revision, owner and flags) rather than an object: beside the names it watches, which the
 * maps need as keys, an entry is a few bytes and nothing the garbage collector has to trace.
 * Owner ids are interned; webhook ids are held as bytes (SlotIds). Objects are built only for what `get` and `match` return.
 */
export class SubscriptionIndex {
  private readonly ids = new SlotIds(FIRST_CAPACITY);
  /** Slots handed out so far, free ones included. */
  private slotsTaken = 0;
  private revisions = new Float64Array(FIRST_CAPACITY);
  private ownerOfSlot = new Uint32Array(FIRST_CAPACITY);
  /** DISABLED, then a bit per domain. */
  private flags = new Uint8Array(FIRST_CAPACITY);
  /**
   * The keys an enabled entry is indexed under (its lower-cased names: the very strings the maps
   * hold), so unindexing finds them. One watched item (most webhooks) is its name here and its
   * namespace in `watchedSpace`; several are one list of namespace and name pairs.
   */
  private watchedNames: Array<string | readonly string[] | undefined> = [];
  private watchedSpace = new Uint8Array(FIRST_CAPACITY);
  private readonly freeSlots: number[] = [];
  private readonly owners: string[] = [];
  private readonly ownerNumbers = new Map<string, number>();
  /**
   * Namespace -> lower-cased name -> the slots of the webhooks watching it (the key of
   * watched-item.ts `watchedKey`, without building its string). Most names have one watcher,
   * held as its slot; a name gets a Set only once a second webhook watches it.
   */
  private readonly watchers = new Map<Namespace, Map<string, number | Set<number>>>();
  /** Revision of removed webhooks, so a late upsert cannot bring one back. */
  private readonly removedAt = new Map<string, number>();

  get size(): number {
    return this.ids.size;
  }

  get(webhookId: string): SubscriptionState | undefined {
    const slot = this.ids.slotOf(webhookId);
    return slot === undefined ? undefined : this.stateAt(slot);
  }

  /** Stores the subscription unless a same or newer revision is known; true when applied. */
  upsert(subscription: Subscription): boolean {
    const { webhookId, revision } = subscription;
    let slot = this.ids.slotOf(webhookId);
    if (slot !== undefined && this.revisions[slot]! >= revision) return false;
    const removed = this.removedAt.get(webhookId);
    if (removed !== undefined && removed >= revision) return false;
    this.removedAt.delete(webhookId);
    if (slot !== undefined) this.unindex(slot);
    else slot = this.takeSlot(webhookId);
    this.revisions[slot] = revision;
    this.ownerOfSlot[slot] = this.ownerNumber(subscription.ownerId);
    let flags = subscription.disabled ? DISABLED : 0;
    for (const domain of subscription.domains) flags |= DOMAIN_BIT.get(domain)!;
    this.flags[slot] = flags;
    if (!subscription.disabled) this.index(slot, subscription.watched);
    return true;
  }

  /**
   * Forgets the webhook. With `revision` (the delete's), a stored newer version is kept and
   * later upserts up to that revision are ignored. True when something was removed.
   */
  remove(webhookId: string, revision?: number): boolean {
    const slot = this.ids.slotOf(webhookId);
    if (revision !== undefined) {
      if (slot !== undefined && this.revisions[slot]! > revision) return false;
      this.removedAt.set(webhookId, Math.max(revision, this.removedAt.get(webhookId) ?? revision));
    }
    if (slot === undefined) return false;
    this.unindex(slot);
    this.ids.delete(webhookId, slot);
    this.freeSlots.push(slot);
    return true;
  }

  /** Every matching subscription, each once, in no particular order. */
  match(event: MatchableEvent, access: RepoReadAccess): SubscriptionState[] {
    const domain = domainOfScope(event.event.scope);
    if (!domain) return [];
    const bit = DOMAIN_BIT.get(domain)!;
    const matches: SubscriptionState[] = [];
    for (const slot of this.candidates(event)) {
      if (!(this.flags[slot]! & bit)) continue;
      const ownerId = this.owners[this.ownerOfSlot[slot]!]!;
      if (event.repo.private && !access.canRead(ownerId, event.repo)) continue;
      matches.push(this.stateAt(slot));
    }
    return matches;
  }

  /** How many enabled webhooks an event's lookups touch (for metrics and tests). */
  candidateCount(event: MatchableEvent): number {
    return this.candidates(event).length;
  }

  /** Slots of the webhooks watching the event's repository or owner, each once. */
  private candidates(event: MatchableEvent): number[] {
    const { repo } = event;
    const found: number[] = [];
    this.collect(found, repo.type, repo.name);
    const byRepo = found.length;
    if (repo.type !== 'bucket') this.collect(found, 'owner', repo.owner.name);
    // A webhook may watch both the repository and its owner; only then is there anything to drop.
    if (byRepo === 0 || byRepo === found.length) return found;
    return [...new Set(found)];
  }

  private collect(found: number[], namespace: Namespace, name: string): void {
    const slots = this.watchers.get(namespace)?.get(name.toLowerCase());
    if (typeof slots === 'number') found.push(slots);
    else if (slots) for (const slot of slots) found.push(slot);
  }

  private stateAt(slot: number): SubscriptionState {
    const flags = this.flags[slot]!;
    return {
      webhookId: this.ids.idAt(slot),
      ownerId: this.owners[this.ownerOfSlot[slot]!]!,
      domains: domainsOf(flags),
      disabled: (flags & DISABLED) !== 0,
      revision: this.revisions[slot]!,
    };
  }

  private takeSlot(webhookId: string): number {
    let slot = this.freeSlots.pop();
    if (slot === undefined) {
      slot = this.slotsTaken++;
      if (slot === this.flags.length) this.grow(slot * 2);
    }
    this.ids.add(webhookId, slot);
    return slot;
  }

  private grow(capacity: number): void {
    const grown = <T extends Float64Array | Uint32Array | Uint8Array>(
      column: T,
      make: (length: number) => T,
    ): T => {
      const next = make(capacity);
      next.set(column);
      return next;
    };
    this.revisions = grown(this.revisions, (length) => new Float64Array(length));
    this.ownerOfSlot = grown(this.ownerOfSlot, (length) => new Uint32Array(length));
    this.flags = grown(this.flags, (length) => new Uint8Array(length));
    this.watchedSpace = grown(this.watchedSpace, (length) => new Uint8Array(length));
    this.ids.grow(capacity);
  }

  /** Owner ids are few beside webhooks (one user owns many), so each is held once. */
  private ownerNumber(ownerId: string): number {
    let number = this.ownerNumbers.get(ownerId);
    if (number === undefined) {
      number = this.owners.push(ownerId) - 1;
      this.ownerNumbers.set(ownerId, number);
    }
    return number;
  }

  private index(slot: number, watched: readonly WatchedItem[]): void {
    const keys: string[] = [];
    for (const item of watched) {
      const namespace = namespaceOf(item.type);
      let names = this.watchers.get(namespace);
      if (!names) this.watchers.set(namespace, (names = new Map()));
      const lowered = item.name.toLowerCase();
      const slots = names.get(lowered);
      if (slots === undefined) names.set(lowered, slot);
      else if (typeof slots !== 'number') slots.add(slot);
      else if (slots !== slot) names.set(lowered, new Set([slots, slot]));
      keys.push(namespace, lowered);
    }
    if (keys.length === 2) {
      this.watchedSpace[slot] = NAMESPACE_CODE.get(keys[0] as Namespace)!;
      this.watchedNames[slot] = keys[1];
    } else if (keys.length > 0) this.watchedNames[slot] = keys.slice();
  }

  private unindex(slot: number): void {
    const held = this.watchedNames[slot];
    if (held === undefined) return;
    this.watchedNames[slot] = undefined;
    if (typeof held === 'string') this.unwatch(slot, NAMESPACES[this.watchedSpace[slot]!]!, held);
    else
      for (let n = 0; n < held.length; n += 2)
        this.unwatch(slot, held[n] as Namespace, held[n + 1]!);
  }

  private unwatch(slot: number, namespace: Namespace, name: string): void {
    const names = this.watchers.get(namespace)!;
    const slots = names.get(name);
    if (slots === slot) names.delete(name);
    else if (slots instanceof Set) {
      slots.delete(slot);
      if (slots.size === 1) names.set(name, slots.values().next().value!);
    }
  }
}
