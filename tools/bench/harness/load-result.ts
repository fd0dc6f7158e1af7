export interface Percentiles {
  p50: number;
  p99: number;
  max: number;
}

/** What one load run measured, from the load generator's side. */
export interface LoadResult {
  connections: number;
  seconds: number;
  /** Flows (or single requests) completed with every check passed. */
  completed: number;
  perSecond: number;
  /** Failed checks, socket errors and timeouts. */
  errors: number;
  /** HTTP requests sent, every step of every flow. */
  requests: number;
  /** Time of a complete flow, from its first request to its last answer. */
  latencyMs: Percentiles;
  firstErrors: string[];
}
