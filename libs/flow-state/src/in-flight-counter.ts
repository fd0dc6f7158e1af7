import type { Clock } from '@gatehouse/domain';
import type { FlowStore } from './flow.store';

/** One check counted by `InFlightCounter.start`, to be ended in the window it started in. */
export interface InFlightTicket {
  readonly endedKey: string;
  readonly ttlMs: number;
}

/**
 * Counts checks in progress per key (password hashes being verified), so that a limit on
 * failures also holds against attempts sent all at once, before any of them has failed. `start`
 * counts a check atomically and answers how many were in progress before it; `end` ends it,
 * whatever its outcome. Counts live in short windows aligned to the clock, and a check ends in
 * the window it started in (the ticket says which), so a check whose process died stops counting
 * within two windows, and one still running across a window's end is not counted in the next.
 */
export class InFlightCounter {
  constructor(
    private readonly store: FlowStore,
    private readonly namespace: string,
    private readonly clock: Clock,
    private readonly windowMs = 10_000,
  ) {}

  async start(key: string): Promise<{ before: number; ticket: InFlightTicket }> {
    const base = `${this.namespace}${key}:${Math.floor(this.clock.now() / this.windowMs)}`;
    const ticket: InFlightTicket = { endedKey: `${base}:ended`, ttlMs: 2 * this.windowMs };
    const started = await this.store.increment(`${base}:started`, ticket.ttlMs);
    const ended = Number((await this.store.get(ticket.endedKey)) ?? 0);
    return { before: Math.max(0, started - 1 - ended), ticket };
  }

  async end(ticket: InFlightTicket): Promise<void> {
    await this.store.increment(ticket.endedKey, ticket.ttlMs);
  }
}
