import type { CookieJar } from '@gatehouse/testing';

/** What every flow's state may carry: a browser's cookies, sent and updated on each step. */
export interface FlowState {
  jar?: CookieJar;
}

/** One HTTP request of a flow, relative to the target's base URL. */
export interface StepRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** A form body (application/x-www-form-urlencoded). */
  form?: Record<string, string>;
  /** A JSON body (application/json); not with `form`. */
  json?: unknown;
}

export interface StepAnswer {
  status: number;
  body: string;
  /** Header names in lower case; repeated headers (set-cookie) as arrays. */
  headers: Record<string, string | string[]>;
}

/** A request and the check of its answer; `check` throws to abandon the flow (counted as an error). */
export interface FlowStep<State> {
  request(state: State): StepRequest;
  check(state: State, answer: StepAnswer): void;
}

/**
 * A unit of work a load generator repeats on each connection: a new `State` for every
 * repetition, its steps in order, and what a completed repetition leaves behind (a session, a
 * token) for flows that build on it.
 */
export interface Flow<State> {
  start(): State;
  steps: Array<FlowStep<State>>;
  finish?(state: State): void;
}

export class FlowError extends Error {}

export function expectStatus(answer: StepAnswer, status: number, what: string): void {
  if (answer.status !== status)
    throw new FlowError(
      `${what}: HTTP ${answer.status} (expected ${status}) ${answer.body.slice(0, 200)}`,
    );
}

export function header(answer: StepAnswer, name: string): string {
  const value = answer.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  if (!first) throw new FlowError(`HTTP ${answer.status} without a ${name} header`);
  return first;
}

/** A path-and-query from a Location header, absolute or not. */
export function locationPath(answer: StepAnswer): string {
  const url = new URL(header(answer, 'location'), 'http://placeholder');
  return `${url.pathname}${url.search}`;
}

export function jsonBody<T>(answer: StepAnswer): T {
  try {
    return JSON.parse(answer.body) as T;
  } catch {
    throw new FlowError(`HTTP ${answer.status}: not JSON: ${answer.body.slice(0, 200)}`);
  }
}
