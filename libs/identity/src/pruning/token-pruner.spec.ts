import { FrozenClock } from '@gatehouse/domain/testing';
import { ExpiredTokenStore } from './ports/expired-token.store';
import { TokenPruner } from './token-pruner';

const NOW = Date.UTC(2026, 0, 31);
const DAY_MS = 86_400_000;

/** Expiry times of stored tokens; prunes the oldest first, as many as the limit. */
class FakeExpiredTokenStore extends ExpiredTokenStore {
  readonly cutoffs: Date[] = [];

  constructor(
    public access: number[],
    public refresh: number[],
    public job: number[] = [],
  ) {
    super();
  }

  async pruneAccessTokens(before: Date, limit: number): Promise<number> {
    this.cutoffs.push(before);
    return this.prune('access', before, limit);
  }

  async pruneRefreshTokens(before: Date, limit: number): Promise<number> {
    return this.prune('refresh', before, limit);
  }

  async pruneJobTokens(before: Date, limit: number): Promise<number> {
    return this.prune('job', before, limit);
  }

  private prune(table: 'access' | 'refresh' | 'job', before: Date, limit: number): number {
    const expired = this[table].filter((at) => at < before.getTime()).slice(0, limit);
    this[table] = this[table].filter((at) => !expired.includes(at));
    return expired.length;
  }
}

describe('TokenPruner', () => {
  const logged: Array<{ fields: object; message: string }> = [];
  const logger = {
    info: (fields: object, message: string) => logged.push({ fields, message }),
    warn: () => undefined,
  };

  beforeEach(() => (logged.length = 0));

  it('deletes, batch after batch, every token that expired longer ago than the retention, and no other', async () => {
    const oldAccess = Array.from({ length: 7 }, (_, i) => NOW - 10 * DAY_MS - i);
    const store = new FakeExpiredTokenStore(
      [...oldAccess, NOW - 6 * DAY_MS, NOW + DAY_MS],
      [NOW - 8 * DAY_MS, NOW - DAY_MS],
      [NOW - 9 * DAY_MS, NOW - 2 * DAY_MS],
    );
    const pruner = new TokenPruner(
      { store, clock: new FrozenClock(NOW), logger },
      { retentionMs: 7 * DAY_MS, intervalMs: DAY_MS, batchSize: 3 },
    );
    expect(await pruner.pruneOnce()).toEqual({ accessTokens: 7, refreshTokens: 1, jobTokens: 1 });
    expect(store.access).toEqual([NOW - 6 * DAY_MS, NOW + DAY_MS]);
    expect(store.refresh).toEqual([NOW - DAY_MS]);
    expect(store.job).toEqual([NOW - 2 * DAY_MS]);
    expect(store.cutoffs).toEqual([
      new Date(NOW - 7 * DAY_MS),
      new Date(NOW - 7 * DAY_MS),
      new Date(NOW - 7 * DAY_MS),
    ]);
    expect(logged).toEqual([
      {
        fields: { accessTokens: 7, refreshTokens: 1, jobTokens: 1, retentionMs: 7 * DAY_MS },
        message: 'pruned expired tokens',
      },
    ]);
  });

  it('logs nothing when nothing expired', async () => {
    const store = new FakeExpiredTokenStore([NOW], [NOW]);
    const pruner = new TokenPruner(
      { store, clock: new FrozenClock(NOW), logger },
      { retentionMs: DAY_MS, intervalMs: DAY_MS, batchSize: 10 },
    );
    expect(await pruner.pruneOnce()).toEqual({ accessTokens: 0, refreshTokens: 0, jobTokens: 0 });
    expect(logged).toEqual([]);
  });

  it('prunes at start and stops cleanly', async () => {
    const store = new FakeExpiredTokenStore([NOW - 2 * DAY_MS], []);
    const pruner = new TokenPruner(
      { store, clock: new FrozenClock(NOW), logger },
      { retentionMs: DAY_MS, intervalMs: DAY_MS, batchSize: 10 },
    );
    pruner.start();
    await pruner.stop();
    expect(store.access).toEqual([]);
  });
});
