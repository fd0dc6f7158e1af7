/** RFC 8628 §3.2: 5 s when no interval is sent; §3.5: `slow_down` adds 5 s. */
export const DEFAULT_POLL_INTERVAL_SECONDS = 5;
const SLOW_DOWN_INCREMENT_SECONDS = 5;
/** docs/oauth.md "Device flow": device codes live 15 minutes by default (configurable by the caller). */
export const DEFAULT_DEVICE_CODE_TTL_SECONDS = 900;

type DeviceAuthorizationStatus = 'pending' | 'approved' | 'denied' | 'redeemed';

/** What the flow store keeps per device code for polling. Times are ms since epoch. */
export interface DevicePollState {
  status: DeviceAuthorizationStatus;
  intervalSeconds: number;
  lastPolledAt: number | null;
  expiresAt: number;
}

/**
 * `issue`: hand out the tokens (the caller redeems atomically with `nextState`). Every other
 * outcome is the RFC 8628 §3.5 / RFC 6749 §5.2 error code to answer.
 */
type DevicePollOutcome =
  | 'authorization_pending'
  | 'slow_down'
  | 'access_denied'
  | 'expired_token'
  | 'invalid_grant'
  | 'issue';

export interface DevicePollResult {
  outcome: DevicePollOutcome;
  nextState: DevicePollState;
}

/**
 * One poll of the token endpoint, in this order:
 *  1. expired (now ≥ expiresAt): `expired_token`, whatever the status;
 *  2. already redeemed: `invalid_grant` (the code is single use);
 *  3. denied: `access_denied`;
 *  4. approved: `issue`, and the state becomes `redeemed`;
 *  5. pending and polled sooner than `intervalSeconds` after the previous poll: `slow_down`, and the
 *     interval grows by 5 s for this and every later poll (§3.5);
 *  6. pending: `authorization_pending`.
 * `slow_down` is only answered while pending: once the user has decided, the answer is final and
 * holding it back would only delay a legitimate client. Every poll records `lastPolledAt`.
 */
export function evaluatePoll(state: DevicePollState, nowMs: number): DevicePollResult {
  const polled: DevicePollState = { ...state, lastPolledAt: nowMs };
  if (nowMs >= state.expiresAt) return { outcome: 'expired_token', nextState: polled };
  switch (state.status) {
    case 'redeemed':
      return { outcome: 'invalid_grant', nextState: polled };
    case 'denied':
      return { outcome: 'access_denied', nextState: polled };
    case 'approved':
      return { outcome: 'issue', nextState: { ...polled, status: 'redeemed' } };
    case 'pending':
      if (
        state.lastPolledAt !== null &&
        nowMs - state.lastPolledAt < state.intervalSeconds * 1000
      ) {
        return {
          outcome: 'slow_down',
          nextState: {
            ...polled,
            intervalSeconds: state.intervalSeconds + SLOW_DOWN_INCREMENT_SECONDS,
          },
        };
      }
      return { outcome: 'authorization_pending', nextState: polled };
  }
}
