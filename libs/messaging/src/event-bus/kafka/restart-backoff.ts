/** How long a crashed consumer waits before a new one starts. */
export interface RestartBackoff {
  /** The wait after the first crash in a row; doubled after each further one. */
  initialMs: number;
  /** The longest wait. A consumer that stayed joined this long starts the count again. */
  maxMs: number;
}

export const DEFAULT_RESTART_BACKOFF: RestartBackoff = { initialMs: 1_000, maxMs: 15_000 };

/**
 * The wait before restart number `attempt` (1 = after the first crash in a row): exponential,
 * capped at `maxMs`, with "equal jitter" (between half and all of the step), so consumers that
 * crashed together (a broker's shutdown) do not all knock again at once, and none retries at once.
 * `random` is a number in [0, 1), passed in so tests are exact.
 */
export function restartDelayMs(
  attempt: number,
  random: number,
  backoff: RestartBackoff = DEFAULT_RESTART_BACKOFF,
): number {
  if (!Number.isInteger(attempt) || attempt < 1)
    throw new RangeError('attempt counts restarts from 1');
  const step = Math.min(backoff.initialMs * 2 ** Math.min(attempt - 1, 30), backoff.maxMs);
  const unit = Math.min(Math.max(random, 0), 1);
  return Math.round(step / 2 + (step / 2) * unit);
}
