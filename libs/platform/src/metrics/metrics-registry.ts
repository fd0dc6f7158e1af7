import { collectDefaultMetrics, Registry } from 'prom-client';

/** Injection token of the process's prom-client `Registry`; features register their metrics on it. */
export const METRICS_REGISTRY = Symbol('gatehouse.metricsRegistry');

/**
 * A registry of this process only (never prom-client's global one, so two apps in one test
 * process, or the all-in-one's modules, do not collide), with Node's default metrics and a
 * `service` label on every series.
 */
export function createMetricsRegistry(service: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  return registry;
}
