import autocannon from 'autocannon';
import { performance } from 'node:perf_hooks';
import { Flow, FlowState, StepAnswer } from './flow';
import { LoadResult, Percentiles } from '../harness/load-result';

export interface FlowRunOptions {
  url: string;
  connections: number;
  /** Measure for this long, after `rampSeconds`; or, when absent, until `flows` repetitions were sent. */
  seconds?: number;
  /**
   * Run this long before the measured window: repetitions that end before it are not counted, so
   * the window sees the steady state of the closed loop (none in flight at the start would
   * otherwise lower the rate by up to one latency's worth).
   */
  rampSeconds?: number;
  flows?: number;
}

interface Slot<State> {
  state?: State;
  startedAt?: number;
  failed?: boolean;
}

const FIRST_ERRORS_KEPT = 5;

export function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted.length === 0
      ? Number.NaN
      : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  return { p50: at(50), p99: at(99), max: sorted.at(-1) ?? Number.NaN };
}

function lowerCased(headers: Record<string, unknown> | undefined): StepAnswer['headers'] {
  const out: StepAnswer['headers'] = {};
  for (const [name, value] of Object.entries(headers ?? {}))
    out[name.toLowerCase()] = value as string | string[];
  return out;
}

/**
 * Runs `flow` with autocannon: each connection repeats the flow's steps in order, a new state for
 * each repetition. A step whose check throws, or that cannot be built because the step before it
 * got no answer, abandons its repetition (counted as an error) and the connection starts the next
 * one. Rate = completed repetitions / wall time.
 */
export async function runFlow<State extends FlowState>(
  flow: Flow<State>,
  options: FlowRunOptions,
): Promise<LoadResult> {
  const completions: Array<{ at: number; latency: number }> = [];
  const firstErrors: string[] = [];
  let errors = 0;
  const fail = (slot: Slot<State>, error: unknown) => {
    slot.failed = true;
    errors += 1;
    if (firstErrors.length < FIRST_ERRORS_KEPT)
      firstErrors.push(error instanceof Error ? error.message : String(error));
  };
  const last = flow.steps.length - 1;
  const requests = flow.steps.map((step, index) => ({
    setupRequest: (request: autocannon.Request, context: object) => {
      const slot = context as Slot<State>;
      if (index === 0) {
        slot.failed = false;
        slot.startedAt = performance.now();
        try {
          slot.state = flow.start();
        } catch (error) {
          fail(slot, error);
          // autocannon needs a first request; this one is answered and ignored.
          return { ...request, method: 'GET' as const, path: '/healthz', headers: {} };
        }
      } else if (slot.failed) {
        return undefined as unknown as autocannon.Request; // starts the next repetition
      }
      const state = slot.state!;
      let wanted: ReturnType<typeof step.request>;
      try {
        wanted = step.request(state);
      } catch (error) {
        // The step before got no answer (a socket error or a timeout: autocannon then moves on
        // without onResponse), so this one has nothing to build on.
        fail(slot, error);
        return undefined as unknown as autocannon.Request; // starts the next repetition
      }
      const headers: Record<string, string> = { ...state.jar?.header(), ...wanted.headers };
      let body: string | undefined;
      if (wanted.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(wanted.form).toString();
      } else if (wanted.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(wanted.json);
      }
      return { ...request, method: wanted.method, path: wanted.path, headers, body };
    },
    onResponse: (
      status: number,
      body: string,
      context: object,
      headers?: Record<string, unknown>,
    ) => {
      const slot = context as Slot<State>;
      if (slot.failed || !slot.state) return;
      const answer: StepAnswer = { status, body, headers: lowerCased(headers) };
      try {
        slot.state.jar?.take(answer.headers['set-cookie']);
        step.check(slot.state, answer);
        if (index === last) {
          flow.finish?.(slot.state);
          const now = performance.now();
          completions.push({ at: now, latency: now - slot.startedAt! });
        }
      } catch (error) {
        fail(slot, error);
      }
    },
  }));
  const ramp = options.seconds ? (options.rampSeconds ?? 0) : 0;
  const started = performance.now();
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    pipelining: 1,
    timeout: 30,
    ...(options.seconds
      ? { duration: ramp + options.seconds }
      : { amount: (options.flows ?? 1) * flow.steps.length }),
    requests,
  });
  const windowStart = started + ramp * 1000;
  const latencies = completions
    .filter((completion) => completion.at >= windowStart)
    .map((completion) => completion.latency);
  const seconds = (performance.now() - windowStart) / 1000;
  const transportErrors = result.errors + result.timeouts;
  if (transportErrors > 0 && firstErrors.length < FIRST_ERRORS_KEPT)
    firstErrors.push(`${result.errors} socket errors, ${result.timeouts} timeouts`);
  return {
    connections: options.connections,
    seconds,
    completed: latencies.length,
    perSecond: latencies.length / seconds,
    errors: errors + transportErrors,
    requests: result.requests.total,
    latencyMs: percentiles(latencies),
    firstErrors,
  };
}
