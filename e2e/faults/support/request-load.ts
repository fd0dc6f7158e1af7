/** What one request of a load loop ended as. */
export interface Outcome {
  ok: boolean;
  /** HTTP status of the answer that decided the outcome; absent when none came. */
  status?: number;
  retryAfter?: string | null;
  /** No answer within the load's patience. */
  hung?: boolean;
  /** A network error (refused, reset). */
  error?: string;
}

export interface LoadFigures {
  total: number;
  failed: number;
  /** Failures answered 503 with Retry-After: the sanctioned answer while a dependency is away. */
  unavailable: number;
  /** Failures answered 5xx other than a 503 with Retry-After. */
  serverErrors: number;
  hung: number;
  networkErrors: number;
  /** A few failures, for the report. */
  samples: Outcome[];
}

/** How long a request may take before it counts as a hang. */
export const PATIENCE_MS = 10_000;

/** A fetch that reports a hang instead of waiting for ever. */
export async function timedFetch(url: string, init: RequestInit = {}): Promise<Response> {
  return fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(PATIENCE_MS) });
}

export function outcomeOf(response: Response, ok: boolean): Outcome {
  return { ok, status: response.status, retryAfter: response.headers.get('retry-after') };
}

export function failureOf(error: unknown): Outcome {
  const name = (error as Error)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return { ok: false, hung: true };
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return { ok: false, error: cause?.code ?? cause?.message ?? String(error) };
}

/**
 * Runs `iteration` in `concurrency` loops until stopped, counting outcomes. Every request is a
 * real one through the gateway; the figures say how many failed and how.
 */
export class RequestLoad {
  private readonly outcomes: Outcome[] = [];
  private running = true;
  private readonly loops: Promise<void>[];

  constructor(iteration: () => Promise<Outcome>, concurrency: number, pauseMs = 50) {
    this.loops = Array.from({ length: concurrency }, async () => {
      while (this.running) {
        this.outcomes.push(await iteration().catch(failureOf));
        // eslint-disable-next-line no-restricted-syntax -- a load generator's pace, not a wait for a condition
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    });
  }

  get count(): number {
    return this.outcomes.length;
  }

  async stop(): Promise<LoadFigures> {
    this.running = false;
    await Promise.all(this.loops);
    const failures = this.outcomes.filter((outcome) => !outcome.ok);
    const unavailable = failures.filter(
      (outcome) => outcome.status === 503 && !!outcome.retryAfter,
    );
    return {
      total: this.outcomes.length,
      failed: failures.length,
      unavailable: unavailable.length,
      serverErrors: failures.filter(
        (outcome) =>
          outcome.status !== undefined && outcome.status >= 500 && !unavailable.includes(outcome),
      ).length,
      hung: failures.filter((outcome) => outcome.hung).length,
      networkErrors: failures.filter((outcome) => outcome.error !== undefined).length,
      samples: failures.slice(0, 5),
    };
  }
}
