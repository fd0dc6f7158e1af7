import {
  type Clock,
  type MatchableEvent,
  type RepoReadAccess,
  SubscriptionIndex,
  systemClock,
} from '@gatehouse/domain';
import { WebhookDirectory } from './ports/webhook-directory';
import {
  type DeliverySubscription,
  type WebhookSnapshot,
  type WebhookSubscriptionRecord,
  recordOf,
} from './ports/webhook-snapshot';

export interface SubscriptionRegistryHooks {
  /** The webhook is now disabled or gone: its pending deliveries are cancelled. */
  webhookStopped(webhookId: string): Promise<void>;
  /** A webhook whose owner the membership cache does not know yet appeared. */
  ownerAppeared?(ownerId: string): void;
}

/** How the index reads through to the table for events newer than itself. */
export interface IndexFreshness {
  /**
   * How far the clock of an event's producer (which stamps the event's bus timestamp) may lag the
   * worker's. An event stamped within this of the index's last read is not trusted to be older
   * than that read, so it triggers another.
   */
  clockSkewMs: number;
  /**
   * Each read takes the rows whose `updated_at` is after the previous read's start minus this:
   * covers the skew between webhook-management's clock (which stamps `updated_at`) and the
   * worker's, and the time from stamping to commit.
   */
  overlapMs: number;
}

const DEFAULT_INDEX_FRESHNESS: IndexFreshness = { clockSkewMs: 1_000, overlapMs: 30_000 };

/**
 * Webhooks read in full (target, sealed secrets) kept at once: those receiving deliveries now. The
 * least recently delivered to are read again when next matched.
 */
const DEFAULT_DETAILS_HELD = 10_000;

/** Most rows read by one statement when many webhooks are asked for together. */
const ROWS_PER_READ = 500;

/** Webhooks asked for during one turn of the event loop, read together once it ends. */
interface PendingRead {
  ids: Set<string>;
  rows: Promise<Map<string, WebhookSnapshot>>;
}

interface CatchUp {
  /** Number of the read, in start order. */
  seq: number;
  done: Promise<void>;
}

/**
 * The worker's subscription index, matching in memory. Loaded from the `webhooks` table at start,
 * then kept current two ways. webhook.changed events make the registry read that one webhook's
 * row, so the row (with its revision) is the truth and a late or repeated event can never bring
 * back an older state. And before an event is matched, `catchUpTo(its bus timestamp)` makes sure
 * the index holds every webhook committed before the event entered the bus (the webhook create
 * call had returned before the event was published): unless the index's last table read started
 * after that, one read of the `(id, revision)` of recently changed rows picks up what the change
 * events have not brought yet (libs/feature-delivery/README.md "Guarantees"). Reads do not
 * overlap: events arriving during one share the next. Matching itself never queries.
 */
export class SubscriptionRegistry {
  private readonly index = new SubscriptionIndex();
  /**
   * Ids of the enabled or disabled webhooks held whose target is a Kubernetes Job, not a URL: a small
   * share of them, so the index's entries carry no target kind.
   */
  private readonly jobTargets = new Set<string>();
  /** Full rows of the webhooks delivered to most recently, oldest first. */
  private readonly details = new Map<string, WebhookSnapshot>();
  /** Reads of a full row under way, so attempts asking together share one. */
  private readonly reading = new Map<string, Promise<WebhookSnapshot | null>>();
  private pendingRead?: PendingRead;
  private readonly detailsHeld: number;
  private readonly clock: Clock;
  private readonly freshness: IndexFreshness;
  /** Worker time at which the last completed table read started: the index holds every row committed before it. */
  private syncedAt = Number.NEGATIVE_INFINITY;
  private catchUps = 0;
  private inFlight?: CatchUp;

  constructor(
    private readonly directory: WebhookDirectory,
    private readonly access: RepoReadAccess,
    private readonly hooks: SubscriptionRegistryHooks,
    options: { clock?: Clock; freshness?: IndexFreshness; detailsHeld?: number } = {},
  ) {
    this.clock = options.clock ?? systemClock;
    this.detailsHeld = options.detailsHeld ?? DEFAULT_DETAILS_HELD;
    this.freshness = options.freshness ?? DEFAULT_INDEX_FRESHNESS;
  }

  get size(): number {
    return this.index.size;
  }

  /** The start-up snapshot; returns how many webhooks it holds. */
  async loadAll(): Promise<number> {
    const startedAt = this.clock.now();
    for await (const page of this.directory.loadPages())
      for (const record of page) this.hold(record);
    this.syncedAt = Math.max(this.syncedAt, startedAt);
    return this.index.size;
  }

  /**
   * Resolves once the index holds every webhook committed before `eventTime` (an event's bus
   * timestamp, epoch ms), reading the recently changed rows if needed.
   */
  async catchUpTo(eventTime: number): Promise<void> {
    const calledAfter = this.catchUps;
    for (;;) {
      if (this.syncedAt > eventTime + this.freshness.clockSkewMs) return;
      const current = this.inFlight;
      // A read started after this call started after the event was consumed, so after it entered the bus.
      if (current && current.seq > calledAfter) return current.done;
      if (!current) return this.startCatchUp().done;
      await current.done.catch(() => undefined);
    }
  }

  /** Enabled webhooks the event reaches (watched item, domain, private-repository access). */
  match(event: MatchableEvent): DeliverySubscription[] {
    return this.index.match(event, this.access).map((matched) => ({
      ...matched,
      targetKind: this.jobTargets.has(matched.webhookId) ? 'job' : 'url',
    }));
  }

  /**
   * Follows a change of one webhook. `revision` (from the event) lets a change the index already
   * holds skip the read.
   */
  async refresh(webhookId: string, revision?: number): Promise<void> {
    const held = this.index.get(webhookId);
    if (held && revision !== undefined && held.revision >= revision) return;
    await this.reload(webhookId);
  }

  /**
   * The webhook to deliver to now (its current URL, Job and secrets), or null when it is disabled
   * or deleted. What the index does not hold as enabled is confirmed against the table first, so
   * a change whose event has not arrived yet never cancels a delivery by mistake; an enabled
   * webhook whose row is not kept (or is kept at an older revision) is read, once for every
   * attempt asking meanwhile, in one statement with the other webhooks asked for at the same time.
   */
  async deliverable(webhookId: string): Promise<WebhookSnapshot | null> {
    const held = this.index.get(webhookId);
    if (held && !held.disabled) {
      const known = this.details.get(webhookId);
      if (known && known.revision === held.revision) {
        this.details.delete(webhookId);
        this.details.set(webhookId, known);
        return known;
      }
    }
    const current = await this.readShared(webhookId);
    return current && !current.disabled ? current : null;
  }

  /** Applies a state this process itself just wrote (auto-disable) without waiting for its event. */
  applyLocal(webhook: WebhookSnapshot): void {
    this.hold(recordOf(webhook));
    this.remember(webhook);
  }

  private startCatchUp(): CatchUp {
    const seq = ++this.catchUps;
    const startedAt = this.clock.now();
    const since = new Date(this.syncedAt - this.freshness.overlapMs);
    const done = (async () => {
      try {
        const changed = await this.directory.revisionsChangedSince(since);
        const stale = changed.filter(({ id, revision }) => {
          const held = this.index.get(id);
          return !held || held.revision < revision;
        });
        await Promise.all(stale.map(({ id }) => this.reload(id)));
        this.syncedAt = Math.max(this.syncedAt, startedAt);
      } finally {
        if (this.inFlight?.seq === seq) this.inFlight = undefined;
      }
    })();
    this.inFlight = { seq, done };
    return this.inFlight;
  }

  /** `reload`, one at a time per webhook: attempts asking for the same webhook together share it. */
  private readShared(webhookId: string): Promise<WebhookSnapshot | null> {
    let read = this.reading.get(webhookId);
    if (!read) {
      read = this.reload(webhookId).finally(() => this.reading.delete(webhookId));
      this.reading.set(webhookId, read);
    }
    return read;
  }

  /**
   * The webhook's row as the table holds it now. The attempts of a batch of events ask for their
   * webhooks together (they start at once), and so do the reloads of a catch-up: every webhook
   * asked for during one turn of the event loop is read by the same statement, not one each.
   */
  private readRow(webhookId: string): Promise<WebhookSnapshot | null> {
    let pending = this.pendingRead;
    if (!pending) {
      const ids = new Set<string>();
      const rows = new Promise<void>((turnEnded) => setImmediate(turnEnded)).then(async () => {
        this.pendingRead = undefined;
        const asked = [...ids];
        const reads = [];
        for (let first = 0; first < asked.length; first += ROWS_PER_READ)
          reads.push(this.directory.load(asked.slice(first, first + ROWS_PER_READ)));
        return new Map((await Promise.all(reads)).flat().map((row) => [row.id, row]));
      });
      this.pendingRead = pending = { ids, rows };
    }
    pending.ids.add(webhookId);
    return pending.rows.then((rows) => rows.get(webhookId) ?? null);
  }

  private async reload(webhookId: string): Promise<WebhookSnapshot | null> {
    const row = await this.readRow(webhookId);
    if (!row) {
      this.index.remove(webhookId);
      this.jobTargets.delete(webhookId);
      this.details.delete(webhookId);
      await this.hooks.webhookStopped(webhookId);
      return null;
    }
    this.hold(recordOf(row));
    this.remember(row);
    this.hooks.ownerAppeared?.(row.ownerId);
    if (row.disabled) await this.hooks.webhookStopped(webhookId);
    return row;
  }

  private remember(webhook: WebhookSnapshot): void {
    this.details.delete(webhook.id);
    if (webhook.disabled) return;
    this.details.set(webhook.id, webhook);
    if (this.details.size > this.detailsHeld)
      this.details.delete(this.details.keys().next().value!);
  }

  private hold(record: WebhookSubscriptionRecord): void {
    const applied = this.index.upsert({
      webhookId: record.id,
      ownerId: record.ownerId,
      watched: record.watched,
      domains: record.domains,
      disabled: record.disabled,
      revision: record.revision,
    });
    if (!applied) return;
    if (record.targetKind === 'job') this.jobTargets.add(record.id);
    else this.jobTargets.delete(record.id);
  }
}
