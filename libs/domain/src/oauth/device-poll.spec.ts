import { DevicePollState, evaluatePoll, newDevicePollState } from './device-poll';

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
  it('starts pending, 5 s interval, 900 s life', () => {
    expect(newDevicePollState(T0)).toEqual({
      status: 'pending',
      intervalSeconds: 5,
      lastPolledAt: null,
      expiresAt: s(900),
    });
    expect(newDevicePollState(T0, 600, 10)).toEqual({
      status: 'pending',
      intervalSeconds: 10,
      lastPolledAt: null,
      expiresAt: s(600),
    });
  });

  it.each<[string, DevicePollState, number, string, DevicePollState]>([
    [
      'first poll while pending',
      state(),
      s(0),
      'authorization_pending',
      state({ lastPolledAt: s(0) }),
    ],
    [
      'pending, polled exactly at the interval',
      state({ lastPolledAt: s(0) }),
      s(5),
      'authorization_pending',
      state({ lastPolledAt: s(5) }),
    ],
    [
      'pending, polled too soon',
      state({ lastPolledAt: s(0) }),
      s(4.999),
      'slow_down',
      state({ lastPolledAt: s(4.999), intervalSeconds: 10 }),
    ],
    [
      'pending, clock went backwards',
      state({ lastPolledAt: s(10) }),
      s(9),
      'slow_down',
      state({ lastPolledAt: s(9), intervalSeconds: 10 }),
    ],
    [
      'approved',
      state({ status: 'approved', lastPolledAt: s(0) }),
      s(6),
      'issue',
      state({ status: 'redeemed', lastPolledAt: s(6) }),
    ],
    [
      'approved, polled too soon still issues',
      state({ status: 'approved', lastPolledAt: s(0) }),
      s(1),
      'issue',
      state({ status: 'redeemed', lastPolledAt: s(1) }),
    ],
    [
      'denied',
      state({ status: 'denied', lastPolledAt: s(0) }),
      s(6),
      'access_denied',
      state({ status: 'denied', lastPolledAt: s(6) }),
    ],
    [
      'redeemed',
      state({ status: 'redeemed', lastPolledAt: s(0) }),
      s(6),
      'invalid_grant',
      state({ status: 'redeemed', lastPolledAt: s(6) }),
    ],
    [
      'pending, expired',
      state({ lastPolledAt: s(895) }),
      s(900),
      'expired_token',
      state({ lastPolledAt: s(900) }),
    ],
    [
      'expiry wins over slow_down',
      state({ lastPolledAt: s(899) }),
      s(900),
      'expired_token',
      state({ lastPolledAt: s(900) }),
    ],
    [
      'expiry wins over approval',
      state({ status: 'approved' }),
      s(901),
      'expired_token',
      state({ status: 'approved', lastPolledAt: s(901) }),
    ],
    [
      'expiry wins over denial',
      state({ status: 'denied' }),
      s(901),
      'expired_token',
      state({ status: 'denied', lastPolledAt: s(901) }),
    ],
    [
      'expiry wins over redeemed',
      state({ status: 'redeemed' }),
      s(901),
      'expired_token',
      state({ status: 'redeemed', lastPolledAt: s(901) }),
    ],
  ])('%s', (_name, before, now, outcome, after) => {
    expect(evaluatePoll(before, now)).toEqual({ outcome, nextState: after });
  });

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
