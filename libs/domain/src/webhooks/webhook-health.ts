/**
 * How a webhook's endpoint is doing, as its owner is told (docs/settings.md "When a webhook
 * fails"): `healthy`; `failing` since its first failed attempt after a success (or since it was
 * created); `failing_long` once it has failed without a success for the notice horizon
 * (GATEHOUSE_WEBHOOK_FAILING_NOTICE_DAYS); `disabled` once the worker disabled it.
 */
export type WebhookHealthState = 'healthy' | 'failing' | 'failing_long' | 'disabled';

export interface WebhookHealth {
  state: WebhookHealthState;
  /** Epoch ms of the first failed attempt of the current run of failures; null when healthy. */
  failingSince: number | null;
  /** The last failure in plain words (or the reason it was disabled); null when healthy. */
  lastError: string | null;
}

/** What the worker saw happen to the webhook. */
export type WebhookHealthObservation =
  | { kind: 'attempt_succeeded' }
  | { kind: 'attempt_failed'; at: number; error: string }
  | { kind: 'disabled'; at: number; reason: string }
  | { kind: 'enabled' };

/** The transitions the owner is told about, each once (page, settings home, e-mail). */
export type WebhookNoticeKind = 'started_failing' | 'still_failing' | 'disabled';

export interface WebhookHealthTransition {
  health: WebhookHealth;
  /** The notice this transition raises, if any. */
  notice: WebhookNoticeKind | null;
  /** Whether anything stored changed (false: nothing to write). */
  changed: boolean;
}

export const HEALTHY_WEBHOOK: WebhookHealth = Object.freeze({
  state: 'healthy',
  failingSince: null,
  lastError: null,
});

/**
 * The next health of a webhook after an observation, and the notice it raises. Attempts seen
 * while it is disabled change nothing (a disabled webhook is only left by enabling it); a success
 * ends a run of failures silently; repeated failures raise `still_failing` once, when the run
 * reaches `stillFailingAfterMs`.
 */
export function nextWebhookHealth(
  current: WebhookHealth,
  observation: WebhookHealthObservation,
  stillFailingAfterMs: number,
): WebhookHealthTransition {
  const same = { health: current, notice: null, changed: false };
  switch (observation.kind) {
    case 'attempt_succeeded':
      if (current.state === 'healthy' || current.state === 'disabled') return same;
      return { health: HEALTHY_WEBHOOK, notice: null, changed: true };
    case 'enabled':
      if (current.state !== 'disabled') return same;
      return { health: HEALTHY_WEBHOOK, notice: null, changed: true };
    case 'disabled':
      if (current.state === 'disabled') return same;
      return {
        health: {
          state: 'disabled',
          failingSince: current.failingSince ?? observation.at,
          lastError: observation.reason,
        },
        notice: 'disabled',
        changed: true,
      };
    case 'attempt_failed': {
      const { at, error } = observation;
      if (current.state === 'disabled') return same;
      if (current.state === 'healthy' || current.failingSince === null)
        return {
          health: { state: 'failing', failingSince: at, lastError: error },
          notice: 'started_failing',
          changed: true,
        };
      const since = current.failingSince;
      if (current.state === 'failing' && at - since >= stillFailingAfterMs)
        return {
          health: { state: 'failing_long', failingSince: since, lastError: error },
          notice: 'still_failing',
          changed: true,
        };
      if (current.lastError === error) return same;
      return { health: { ...current, lastError: error }, notice: null, changed: true };
    }
  }
}
