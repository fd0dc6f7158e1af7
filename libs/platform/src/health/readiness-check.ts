/**
 * A dependency the process needs in order to serve: a connection pool, a broker client.
 * `check` resolves when the dependency answers and rejects (or hangs) when it does not.
 */
export interface ReadinessCheck {
  readonly name: string;
  check(): Promise<void>;
  /**
   * False for a dependency the process answers without: its state is reported, but its failure
   * does not take the process out of its Service (a service that publishes through the outbox
   * keeps serving while Kafka is away). Default true.
   */
  readonly required?: boolean;
  /**
   * The state of each part behind the check (one line per consumer group, say), reported under
   * `details[name]` whether the check passes or not.
   */
  details?(): Record<string, string>;
}

type ReadinessStatus = 'ready' | 'not_ready' | 'draining';

export interface ReadinessReport {
  status: ReadinessStatus;
  /** `ok`, or a short reason, per check name. Absent while draining. */
  checks?: Record<string, string>;
  /** Each part's state, per check that has parts. Absent while draining, and when no check has any. */
  details?: Record<string, Record<string, string>>;
}

export const DEFAULT_READINESS_TIMEOUT_MS = 2000;
