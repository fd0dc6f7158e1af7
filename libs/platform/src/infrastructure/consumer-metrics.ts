import type { ConsumerState, EventBus } from '@gatehouse/messaging';
import { Gauge, type Registry } from 'prom-client';
import { consumerGroups } from './consumer-readiness';

const STATES: readonly ConsumerState[] = ['joining', 'joined', 'rejoining', 'stopped'];

/**
 * The event bus's consumers as Prometheus gauges, read from the bus at each scrape
 * (docs/operations.md "Metrics"): the state of each group (1 for the current one) and how long it
 * has been out of the group.
 */
export function registerConsumerMetrics(
  registry: Registry,
  bus: EventBus,
  now: () => number = Date.now,
): void {
  new Gauge({
    name: 'gatehouse_event_consumer_state',
    help: 'State of each event consumer group of the process: 1 for its current state (joining, joined, rejoining, stopped), 0 for the others',
    labelNames: ['group', 'state'],
    registers: [registry],
    collect() {
      this.reset();
      for (const status of consumerGroups(bus.consumers())) {
        for (const state of STATES)
          this.set({ group: status.groupId, state }, state === status.state ? 1 : 0);
      }
    },
  });
  new Gauge({
    name: 'gatehouse_event_consumer_not_joined_seconds',
    help: 'How long each event consumer group of the process has been out of its group (crashed, restarting or rejoining); 0 while joined',
    labelNames: ['group'],
    registers: [registry],
    collect() {
      this.reset();
      const at = now();
      for (const status of consumerGroups(bus.consumers())) {
        this.set(
          { group: status.groupId },
          status.notJoinedSince === undefined
            ? 0
            : Math.max(0, (at - status.notJoinedSince) / 1000),
        );
      }
    },
  });
}
