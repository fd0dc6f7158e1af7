import type { ConsumerStatus, EventBus } from '@gatehouse/messaging';
import type { ReadinessCheck } from '../health/readiness-check';

/** Default of `MessagingModuleOptions.consumerRejoinLimitMs`. */
export const DEFAULT_CONSUMER_REJOIN_LIMIT_MS = 60_000;

export interface ConsumerReadinessOptions {
  /** How long a consumer may be out of its group before the process is not ready. */
  rejoinLimitMs: number;
  /**
   * Whether the process cannot work without the broker. One that can (its events wait in the
   * outbox) is not taken out of its Service for consumers that cannot join while the broker does
   * not answer: the `kafka` check reports that, and every replica would fail alike.
   */
  busRequired: boolean;
  now(): number;
}

/**
 * The `consumers` readiness check (docs/operations.md "Readiness"): one line per consumer group
 * in `details`, and a failure once one has been out of its group longer than the limit.
 */
export function consumersReadinessCheck(
  bus: EventBus,
  options: ConsumerReadinessOptions,
): ReadinessCheck {
  return {
    name: 'consumers',
    details: () =>
      Object.fromEntries(
        consumerGroups(bus.consumers()).map((status) => [
          status.groupId,
          describeConsumer(status, options.now()),
        ]),
      ),
    check: async () => {
      const now = options.now();
      const out = consumerGroups(bus.consumers()).filter(
        (status) =>
          status.notJoinedSince !== undefined &&
          now - status.notJoinedSince > options.rejoinLimitMs,
      );
      if (out.length === 0) return;
      if (!options.busRequired && !(await answers(bus))) return;
      const limit = `${Math.round(options.rejoinLimitMs / 1000)} s`;
      throw new Error(
        `${out.map((status) => `${status.groupId} ${describeConsumer(status, now)}`).join('; ')}: out of the group longer than the ${limit} limit`,
      );
    },
  };
}

/** One status per group: of several subscribers of one group, the one out of it longest. */
export function consumerGroups(statuses: readonly ConsumerStatus[]): ConsumerStatus[] {
  const byGroup = new Map<string, ConsumerStatus>();
  for (const status of statuses) {
    const kept = byGroup.get(status.groupId);
    if (!kept || outSince(status) < outSince(kept)) byGroup.set(status.groupId, status);
  }
  return [...byGroup.values()];
}

/** `joined`, or the state with how long it has lasted: `rejoining for 12 s (1 restart)`. */
export function describeConsumer(status: ConsumerStatus, now: number): string {
  if (status.notJoinedSince === undefined) return status.state;
  const seconds = Math.max(0, Math.floor((now - status.notJoinedSince) / 1000));
  const restarts =
    status.restarts === 0
      ? ''
      : ` (${status.restarts} ${status.restarts === 1 ? 'restart' : 'restarts'})`;
  return `${status.state} for ${seconds} s${restarts}`;
}

function outSince(status: ConsumerStatus): number {
  return status.notJoinedSince ?? Number.POSITIVE_INFINITY;
}

async function answers(bus: EventBus): Promise<boolean> {
  try {
    await bus.ping();
    return true;
  } catch {
    return false;
  }
}
