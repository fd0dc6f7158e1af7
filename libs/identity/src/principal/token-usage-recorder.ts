import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  OnModuleInit,
  Optional,
} from '@nestjs/common';
import { anonymisedAddressOf, type Clock, userAgentFamily } from '@gatehouse/domain';
import { CLOCK, LOGGER } from '@gatehouse/platform';
import type { Logger } from 'pino';
import { IDENTITY_OPTIONS, IdentityOptions } from '../identity-options';
import { PersonalTokenUse, PersonalTokenUsageWriter } from './ports/personal-token-usage.writer';

/** Default of IdentityOptions.tokenUsageFlushMs. */
const DEFAULT_FLUSH_MS = 15_000;
/** Past this many tokens waiting, a flush starts at once rather than at the next tick. */
const MAX_PENDING = 10_000;

/** Where a request came from, as the guard read it off the request. */
export interface UsageOrigin {
  address: string;
  userAgent?: string;
}

/**
 * Personal tokens' "last used" (time, anonymised address prefix, client family), kept off the
 * request path: a use is a write to a map in memory, the latest per token wins, and every
 * `tokenUsageFlushMs` the whole map is written in one statement (and once more at shutdown). A
 * request therefore costs no statement for it, cached principal or not; the figure shown is at
 * most one flush interval old, and a process that dies loses at most that interval's uses.
 */
@Injectable()
export class TokenUsageRecorder implements OnModuleInit, BeforeApplicationShutdown {
  private pending = new Map<string, PersonalTokenUse>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private readonly intervalMs: number;

  constructor(
    private readonly writer: PersonalTokenUsageWriter,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDENTITY_OPTIONS) options: Pick<IdentityOptions, 'tokenUsageFlushMs'>,
    @Optional() @Inject(LOGGER) private readonly logger?: Logger,
  ) {
    this.intervalMs = options.tokenUsageFlushMs ?? DEFAULT_FLUSH_MS;
  }

  /** Notes a use of a personal token; no I/O. Without an origin (another service asked) the place is left as it was. */
  record(tokenId: string, origin?: UsageOrigin): void {
    const before = this.pending.get(tokenId);
    this.pending.set(tokenId, {
      tokenId,
      at: new Date(this.clock.now()),
      address: origin ? anonymisedAddressOf(origin.address) : (before?.address ?? null),
      client: origin ? userAgentFamily(origin.userAgent) : (before?.client ?? null),
    });
    if (this.pending.size >= MAX_PENDING) void this.flush();
  }

  /** Writes what waits, in one statement; a failed write is logged and its uses dropped (they are a hint, not a record). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.pending.size === 0) return;
      const uses = [...this.pending.values()];
      this.pending = new Map();
      try {
        await this.writer.recordUses(uses);
      } catch (error) {
        this.logger?.warn({ err: error, tokens: uses.length }, 'token last-use write failed');
      }
    });
    return this.flushing;
  }

  onModuleInit(): void {
    if (this.intervalMs <= 0) return;
    this.timer = setInterval(() => void this.flush(), this.intervalMs);
    this.timer.unref();
  }

  /** Before the database connections close (their own hooks run at onApplicationShutdown). */
  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }
}
