import { Gauge, type Registry } from 'prom-client';
import type { ReadinessRegistry } from './readiness-registry';

/**
 * Each readiness check as a Prometheus gauge, run at each scrape (docs/operations.md "Metrics"):
 * `gatehouse_dependency_up{dependency}` is 1 while the dependency answers within the readiness
 * timeout and 0 while it does not, so an alert sees PostgreSQL, Redis or Kafka trouble even when
 * nobody polls `/readyz`. A draining process reports no series.
 */
export function registerReadinessMetrics(registry: Registry, readiness: ReadinessRegistry): void {
  new Gauge({
    name: 'gatehouse_dependency_up',
    help: 'Whether each dependency of the process (its readiness checks: postgres, redis, kafka, consumers) answers: 1 up, 0 down',
    labelNames: ['dependency'],
    registers: [registry],
    async collect() {
      this.reset();
      const report = await readiness.evaluate();
      for (const [dependency, result] of Object.entries(report.checks ?? {}))
        this.set({ dependency }, result === 'ok' ? 1 : 0);
    },
  });
}
