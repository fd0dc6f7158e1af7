import {
  HEALTHY_WEBHOOK,
  nextWebhookHealth,
  type WebhookHealth,
  type WebhookHealthObservation,
} from './webhook-health';

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 0, 10);
const HORIZON = 3 * DAY;

function aHealth(overrides: Partial<WebhookHealth> = {}): WebhookHealth {
  return { ...HEALTHY_WEBHOOK, ...overrides };
}
const failing = aHealth({ state: 'failing', failingSince: T0, lastError: 'HTTP 500' });
const failingLong = aHealth({ state: 'failing_long', failingSince: T0, lastError: 'HTTP 500' });
const disabled = aHealth({ state: 'disabled', failingSince: T0, lastError: 'gone' });

const succeeded: WebhookHealthObservation = { kind: 'attempt_succeeded' };
const failedAt = (at: number, error = 'HTTP 500'): WebhookHealthObservation => ({
  kind: 'attempt_failed',
  at,
  error,
});
const disabledAt = (at: number): WebhookHealthObservation => ({
  kind: 'disabled',
  at,
  reason: 'Disabled automatically: the receiver answered 410 Gone',
});
const enabled: WebhookHealthObservation = { kind: 'enabled' };

describe('nextWebhookHealth', () => {
  it.each([
    ['healthy, success', HEALTHY_WEBHOOK, succeeded, HEALTHY_WEBHOOK, null, false],
    [
      'healthy, first failure',
      HEALTHY_WEBHOOK,
      failedAt(T0),
      aHealth({ state: 'failing', failingSince: T0, lastError: 'HTTP 500' }),
      'started_failing',
      true,
    ],
    ['failing, success', failing, succeeded, HEALTHY_WEBHOOK, null, true],
    ['failing, same error within the horizon', failing, failedAt(T0 + DAY), failing, null, false],
    [
      'failing, another error within the horizon',
      failing,
      failedAt(T0 + DAY, 'connection refused'),
      aHealth({ state: 'failing', failingSince: T0, lastError: 'connection refused' }),
      null,
      true,
    ],
    [
      'failing, a failure a millisecond before the horizon',
      failing,
      failedAt(T0 + HORIZON - 1),
      failing,
      null,
      false,
    ],
    [
      'failing, a failure at the horizon',
      failing,
      failedAt(T0 + HORIZON),
      aHealth({ state: 'failing_long', failingSince: T0, lastError: 'HTTP 500' }),
      'still_failing',
      true,
    ],
    [
      'failing long, another failure',
      failingLong,
      failedAt(T0 + 4 * DAY),
      failingLong,
      null,
      false,
    ],
    ['failing long, success', failingLong, succeeded, HEALTHY_WEBHOOK, null, true],
    [
      'failing long, disabled',
      failingLong,
      disabledAt(T0 + 5 * DAY),
      aHealth({
        state: 'disabled',
        failingSince: T0,
        lastError: 'Disabled automatically: the receiver answered 410 Gone',
      }),
      'disabled',
      true,
    ],
    [
      'healthy, disabled at once (410)',
      HEALTHY_WEBHOOK,
      disabledAt(T0),
      aHealth({
        state: 'disabled',
        failingSince: T0,
        lastError: 'Disabled automatically: the receiver answered 410 Gone',
      }),
      'disabled',
      true,
    ],
    ['disabled, disabled again', disabled, disabledAt(T0 + DAY), disabled, null, false],
    ['disabled, a failure', disabled, failedAt(T0 + DAY), disabled, null, false],
    ['disabled, a success', disabled, succeeded, disabled, null, false],
    ['disabled, enabled', disabled, enabled, HEALTHY_WEBHOOK, null, true],
    ['failing, enabled', failing, enabled, failing, null, false],
  ] as const)('%s', (_label, current, observation, health, notice, changed) => {
    expect(nextWebhookHealth(current, observation, HORIZON)).toEqual({ health, notice, changed });
  });

  it('raises each notice once over a whole run of failures', () => {
    const notices: string[] = [];
    let health: WebhookHealth = HEALTHY_WEBHOOK;
    const observations = [
      ...Array.from({ length: 10 }, (_, hour) => failedAt(T0 + hour * (HORIZON / 5))),
      disabledAt(T0 + 2 * HORIZON),
      failedAt(T0 + 2 * HORIZON + 1),
    ];
    for (const observation of observations) {
      const next = nextWebhookHealth(health, observation, HORIZON);
      if (next.notice) notices.push(next.notice);
      health = next.health;
    }
    expect(notices).toEqual(['started_failing', 'still_failing', 'disabled']);
  });
});
