/** Time as a port, so tests freeze it instead of waiting on the wall clock. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
