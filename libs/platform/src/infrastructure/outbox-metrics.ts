import type { OutboxRelay } from '@gatehouse/messaging';
import { Gauge, type Registry } from 'prom-client';

/**
 * The outbox relay's health as a Prometheus gauge, read at each scrape (docs/operations.md
 * "Metrics"): the age of the oldest record the relay has not published. A scrape while the
 * database does not answer reports NaN (unknown) rather than failing `/metrics`;
 * `gatehouse_dependency_up{dependency="postgres"}` says why.
 */
export function registerOutboxMetrics(
  registry: Registry,
  relay: Pick<OutboxRelay, 'oldestUnsentAgeSeconds'>,
  now: () => number = Date.now,
): void {
  new Gauge({
    name: 'gatehouse_outbox_oldest_unsent_seconds',
    help: 'Age of the oldest event in the outbox that this service has not yet published to Kafka; 0 when the outbox is drained',
    registers: [registry],
    async collect() {
      try {
        this.set(await relay.oldestUnsentAgeSeconds(now()));
      } catch {
        this.set(Number.NaN);
      }
    },
  });
}
