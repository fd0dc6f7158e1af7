import { judgeAttempt, type AttemptResult } from './attempt-verdict';

const context = { attemptNo: 1, scheduleSeconds: [5, 300], now: Date.UTC(2026, 0, 1), random: 0.5 };
const response = (
  status: number,
  retryAfter: string | null = null,
  excerpt: string | null = null,
): AttemptResult => ({
  kind: 'http',
  result: { kind: 'response', status, retryAfter, excerpt },
});

describe('judgeAttempt', () => {
  it('a 2xx succeeds, with no error and the excerpt kept', () => {
    expect(judgeAttempt(response(204, null, 'ok'), context)).toEqual({
      statusCode: 204,
      error: null,
      responseExcerpt: 'ok',
      decision: { status: 'succeeded' },
      disableWebhook: null,
    });
  });

  it.each([
    [500, 5_000],
    [302, 5_000],
    [404, 5_000],
  ])('HTTP %i is retried after the scheduled delay (jitter at its midpoint)', (status, delayMs) => {
    const verdict = judgeAttempt(response(status), context);
    expect(verdict.decision).toEqual({ status: 'retrying', delayMs });
    expect(verdict.error).toBe(
      `the receiver answered HTTP ${status}${status === 302 ? ' (redirects are not followed)' : ''}`,
    );
  });

  it('an overloaded receiver (503) waits at least 60 s', () => {
    expect(judgeAttempt(response(503), context).decision).toEqual({
      status: 'retrying',
      delayMs: 60_000,
    });
  });

  it('honours Retry-After within [scheduled, 2 × scheduled]', () => {
    expect(judgeAttempt(response(500, '8'), context).decision).toEqual({
      status: 'retrying',
      delayMs: 8_000,
    });
    expect(judgeAttempt(response(500, '3600'), context).decision).toEqual({
      status: 'retrying',
      delayMs: 10_000,
    });
  });

  it('the last try dead-letters with retries_exhausted', () => {
    expect(judgeAttempt(response(500), { ...context, attemptNo: 3 }).decision).toEqual({
      status: 'failed',
      reason: 'retries_exhausted',
    });
  });

  it('410 Gone fails for good and disables the webhook', () => {
    const verdict = judgeAttempt(response(410), context);
    expect(verdict.decision).toEqual({ status: 'failed', reason: 'permanent_failure' });
    expect(verdict.disableWebhook).toBe('the receiver answered 410 Gone');
  });

  it('a refused address fails for good without disabling', () => {
    const verdict = judgeAttempt(
      {
        kind: 'http',
        result: {
          kind: 'failed',
          error: 'address_refused',
          message: 'x resolves to a private address',
        },
      },
      context,
    );
    expect(verdict).toMatchObject({
      statusCode: null,
      error: 'x resolves to a private address',
      decision: { status: 'failed', reason: 'permanent_failure' },
      disableWebhook: null,
    });
  });

  it('a connection failure is retried', () => {
    const verdict = judgeAttempt(
      {
        kind: 'http',
        result: {
          kind: 'failed',
          error: 'connection_failed',
          message: 'could not connect (ECONNREFUSED)',
        },
      },
      context,
    );
    expect(verdict.decision).toEqual({ status: 'retrying', delayMs: 5_000 });
  });

  it('a started Job succeeds; an unstartable one is retried or fails by its permanence', () => {
    expect(judgeAttempt({ kind: 'job_started' }, context).decision).toEqual({
      status: 'succeeded',
    });
    expect(
      judgeAttempt({ kind: 'job_not_started', message: 'API down', permanent: false }, context)
        .decision,
    ).toEqual({ status: 'retrying', delayMs: 5_000 });
    expect(
      judgeAttempt({ kind: 'job_not_started', message: 'no image', permanent: true }, context),
    ).toMatchObject({
      error: 'no image',
      decision: { status: 'failed', reason: 'permanent_failure' },
    });
  });
});
