import { Injectable } from '@nestjs/common';
import { DEFAULT_READINESS_TIMEOUT_MS, ReadinessCheck, ReadinessReport } from './readiness-check';

const MAX_REASON_LENGTH = 200;

/**
 * The checks behind `/readyz`. Infrastructure modules register theirs at start-up; a check that
 * fails or does not answer within the timeout makes the process not ready. Once draining (after
 * SIGTERM) the process is never ready again, so the load balancer stops sending it traffic.
 */
@Injectable()
export class ReadinessRegistry {
  private readonly checks = new Map<string, ReadinessCheck>();
  private draining = false;
  private timeoutMs = DEFAULT_READINESS_TIMEOUT_MS;

  register(check: ReadinessCheck): void {
    if (this.checks.has(check.name)) {
      throw new Error(
        `Readiness check "${check.name}" is registered twice: two modules own the same dependency`,
      );
    }
    this.checks.set(check.name, check);
  }

  setTimeout(timeoutMs: number): void {
    this.timeoutMs = timeoutMs;
  }

  get names(): string[] {
    return [...this.checks.keys()];
  }

  startDraining(): void {
    this.draining = true;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  async evaluate(): Promise<ReadinessReport> {
    if (this.draining) return { status: 'draining' };
    const results = await Promise.all(
      [...this.checks.values()].map(async (check) => [check, await this.run(check)] as const),
    );
    const checks = Object.fromEntries(results.map(([check, result]) => [check.name, result]));
    const ready = results.every(([check, result]) => result === 'ok' || check.required === false);
    const details = Object.fromEntries(
      [...this.checks.values()]
        .map((check) => [check.name, check.details?.() ?? {}] as const)
        .filter(([, parts]) => Object.keys(parts).length > 0),
    );
    return {
      status: ready ? 'ready' : 'not_ready',
      checks,
      ...(Object.keys(details).length > 0 ? { details } : {}),
    };
  }

  private async run(check: ReadinessCheck): Promise<string> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve(`timed out after ${this.timeoutMs} ms`), this.timeoutMs);
    });
    try {
      return await Promise.race([
        Promise.resolve()
          .then(() => check.check())
          .then(
            () => 'ok',
            (error: unknown) => shortReason(error),
          ),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** A one-line reason without credentials a connection URL may carry. */
function shortReason(error: unknown): string {
  const message = error instanceof Error ? error.message || error.name : String(error);
  const oneLine = message
    .replace(/\/\/[^/\s@]*@/g, '//***@')
    .replace(/\s+/g, ' ')
    .trim();
  const reason = oneLine.length > 0 ? oneLine : 'failed';
  return reason.length > MAX_REASON_LENGTH ? `${reason.slice(0, MAX_REASON_LENGTH)}…` : reason;
}
