import { DevicePollState, evaluatePoll } from './device-poll';

const T0 = Date.UTC(2026, 0, 1);
const s = (seconds: number) => T0 + seconds * 1000;

function state(overrides: Partial<DevicePollState> = {}): DevicePollState {
  return {
    status: 'pending',
    intervalSeconds: 5,
    lastPolledAt: null,
    expiresAt: s(900),
    ...overrides,
  };
}

describe('device-code polling (RFC 8628 §3.5)', () => {
  it('grows the interval by 5 s on each slow_down and keeps it for later polls', () => {
    let current = state();
    const outcomes: string[] = [];
    // Poll at 0, 1 (too soon: 5 → 10), 2 (too soon: 10 → 15), then respect 15 s.
    for (const second of [0, 1, 2, 17, 31, 52]) {
      const result = evaluatePoll(current, s(second));
      outcomes.push(result.outcome);
      current = result.nextState;
    }
    expect(outcomes).toEqual([
      'authorization_pending',
      'slow_down',
      'slow_down',
      'authorization_pending',
      'slow_down', // 14 s after the previous poll: below 15 s, so 20 s from now on
      'authorization_pending',
    ]);
    expect(current.intervalSeconds).toBe(20);
  });

  it('issues once, then answers invalid_grant', () => {
    const approved = state({ status: 'approved' });
    const first = evaluatePoll(approved, s(10));
    const second = evaluatePoll(first.nextState, s(20));
    expect([first.outcome, second.outcome]).toEqual(['issue', 'invalid_grant']);
  });
});
