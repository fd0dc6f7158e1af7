import type { Abandonment } from './abandonment';
import { IncomingMessage, MessageHandler } from './event-bus';

export const DEFAULT_MAX_ATTEMPTS = 5;

export interface RetryBackoff {
  /** Wait after the first failed attempt; doubled after each further one. */
  initialMs: number;
  maxMs: number;
}

export const DEFAULT_RETRY_BACKOFF: RetryBackoff = { initialMs: 100, maxMs: 2000 };

export type HandlingOutcome =
  | { kind: 'handled'; attempts: number }
  | { kind: 'exhausted'; attempts: number; error: unknown }
  /** The consumer is shutting down: the message stays uncommitted and is delivered again later. */
  | { kind: 'abandoned' };

export interface HandlingControl {
  maxAttempts: number;
  backoff: RetryBackoff;
  /** True once the subscription is closing: a failed attempt is then not retried here. */
  isClosing(): boolean;
  /** Fires when the shutdown deadline passes; the attempt in flight is then given up on. */
  abandonment: Abandonment;
  onAttemptFailed(attempt: number, error: unknown): void;
  /** Called between attempts (Kafka: keep the group membership alive). */
  betweenAttempts?(): Promise<void>;
}

/** Runs a handler on one message, retrying failures with exponential backoff. */
export async function handleWithRetries(
  message: IncomingMessage,
  handler: MessageHandler,
  control: HandlingControl,
): Promise<HandlingOutcome> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await control.abandonment.race(
      Promise.resolve()
        .then(() => handler(message))
        .then(
          (): Attempt => ({ kind: 'succeeded' }),
          (error: unknown): Attempt => ({ kind: 'failed', error }),
        ),
    );
    if (result === 'abandoned') return { kind: 'abandoned' };
    if (result.kind === 'succeeded') return { kind: 'handled', attempts: attempt };
    control.onAttemptFailed(attempt, result.error);
    if (attempt >= control.maxAttempts)
      return { kind: 'exhausted', attempts: attempt, error: result.error };
    if (control.isClosing()) return { kind: 'abandoned' };
    const wait = Math.min(control.backoff.initialMs * 2 ** (attempt - 1), control.backoff.maxMs);
    const woke = await control.abandonment.race(delay(wait).then(() => 'backoff over' as const));
    if (woke === 'abandoned') return { kind: 'abandoned' };
    await control.betweenAttempts?.();
  }
}

type Attempt = { kind: 'succeeded' } | { kind: 'failed'; error: unknown };

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
