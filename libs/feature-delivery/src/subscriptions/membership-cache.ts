import type { MatchableEvent, RepoReadAccess } from '@gatehouse/domain';
import type { Logger } from 'pino';
import { MembershipSource } from './ports/membership-source';

/**
 * Who may read a private repository, for matching without a database query per event: the webhook's owner reads a private repository they own, or one owned by an
 * organization they belong to (any role).
 *
 * Memberships have no change events, so the cache is a snapshot of the memberships of webhook
 * owners, reloaded every `refreshIntervalMs` (and at once when a webhook of a new owner appears).
 * Staleness is bounded by that interval: a member removed from an organization may still receive
 * that organization's private events until the next reload; a new member starts receiving them
 * after it. A failed reload keeps the previous snapshot and is logged.
 */
export class MembershipCache implements RepoReadAccess {
  private organizationsByUser = new Map<string, Set<string>>();
  private timer?: NodeJS.Timeout;
  private reloading?: Promise<void>;
  private loadedAt: number | null = null;

  constructor(
    private readonly source: MembershipSource,
    private readonly logger?: Pick<Logger, 'warn'>,
  ) {}

  canRead(userId: string, repo: MatchableEvent['repo']): boolean {
    return (
      repo.owner.id === userId ||
      (this.organizationsByUser.get(userId)?.has(repo.owner.id) ?? false)
    );
  }

  /** Whether this user's memberships are in the snapshot (owners without any membership are not). */
  knows(userId: string): boolean {
    return this.organizationsByUser.has(userId);
  }

  /** Epoch ms of the last successful reload, or null before the first one. */
  get lastLoadedAt(): number | null {
    return this.loadedAt;
  }

  /** Reloads now; concurrent calls share one reload. */
  reload(now: () => number = Date.now): Promise<void> {
    this.reloading ??= this.source
      .organizationsOfWebhookOwners()
      .then((snapshot) => {
        this.organizationsByUser = snapshot;
        this.loadedAt = now();
      })
      .finally(() => (this.reloading = undefined));
    return this.reloading;
  }

  startRefreshing(intervalMs: number): void {
    this.stop();
    this.timer = setInterval(() => {
      this.reload().catch((error: unknown) =>
        this.logger?.warn(
          { err: error },
          'membership cache reload failed; keeping the previous snapshot',
        ),
      );
    }, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
