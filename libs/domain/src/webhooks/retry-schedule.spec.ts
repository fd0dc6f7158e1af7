import {
  classifyResponse,
  nextRetryDelayMs,
  parseRetryAfter,
  shouldAutoDisable,
} from './retry-schedule';

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
/** GATEHOUSE_DELIVERY_RETRY_SCHEDULE's default (Svix's). */
const SCHEDULE = [5, 300, 1800, 7200, 18000, 36000, 36000];

describe('nextRetryDelayMs', () => {
  it.each([
    [1, 5_000],
    [2, 300_000],
    [3, 1_800_000],
    [4, 7_200_000],
    [5, 18_000_000],
    [6, 36_000_000],
    [7, 36_000_000],
  ])('waits the scheduled delay after attempt %i (no jitter at random 0.5)', (attempt, delay) => {
    expect(nextRetryDelayMs(attempt, { scheduleSeconds: SCHEDULE, random: 0.5, now: NOW })).toBe(
      delay,
    );
  });

  it('gives up after the eighth attempt', () => {
    expect(nextRetryDelayMs(8, { scheduleSeconds: SCHEDULE, random: 0.5, now: NOW })).toBeNull();
  });

  it.each([
    [0, 240_000],
    [0.25, 270_000],
    [0.75, 330_000],
    [1, 360_000],
  ])('applies ±20%% jitter (random %p)', (random, delay) => {
    expect(nextRetryDelayMs(2, { scheduleSeconds: SCHEDULE, random, now: NOW })).toBe(delay);
  });

  it('takes a custom schedule and jitter', () => {
    expect(nextRetryDelayMs(1, { scheduleSeconds: [1, 2], jitter: 0, random: 0.9, now: NOW })).toBe(
      1_000,
    );
    expect(nextRetryDelayMs(2, { scheduleSeconds: [1, 2], jitter: 0, random: 0.9, now: NOW })).toBe(
      2_000,
    );
    expect(
      nextRetryDelayMs(3, { scheduleSeconds: [1, 2], jitter: 0, random: 0.9, now: NOW }),
    ).toBeNull();
  });

  it.each([
    ['within range', '400', 400_000],
    ['shorter than scheduled', '1', 300_000],
    ['longer than twice scheduled', '86400', 600_000],
    ['as an HTTP date', new Date(NOW + 450_000).toUTCString(), 450_000],
    ['as a date in the past', new Date(NOW - 10_000).toUTCString(), 300_000],
    ['unreadable, so jitter applies', 'soon', 240_000],
  ])('honours Retry-After %s, clamped to [base, 2 × base]', (_label, retryAfter, delay) => {
    expect(
      nextRetryDelayMs(2, { scheduleSeconds: SCHEDULE, random: 0, now: NOW, retryAfter }),
    ).toBe(delay);
  });

  it('waits at least a minute for an overloaded receiver', () => {
    expect(
      nextRetryDelayMs(1, { scheduleSeconds: SCHEDULE, random: 0.5, now: NOW, overloaded: true }),
    ).toBe(60_000);
    expect(
      nextRetryDelayMs(2, { scheduleSeconds: SCHEDULE, random: 0.5, now: NOW, overloaded: true }),
    ).toBe(300_000);
  });

  it.each([[0], [-1], [1.5]])('refuses attempt number %p', (attempt) => {
    expect(() =>
      nextRetryDelayMs(attempt, { scheduleSeconds: SCHEDULE, random: 0.5, now: NOW }),
    ).toThrow(RangeError);
  });
});

describe('parseRetryAfter', () => {
  it.each([
    ['120', 120_000],
    [' 0 ', 0],
    ['Thu, 01 Jan 2026 12:02:00 GMT', 120_000],
    ['Thursday, 01-Jan-26 12:02:00 GMT', 120_000],
    ['Wed, 31 Dec 2025 12:00:00 GMT', 0],
    ['-5', null],
    ['1.5', null],
    ['', null],
    ['tomorrow-ish', null],
  ])('%p -> %p', (value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected);
  });
});

describe('classifyResponse', () => {
  it.each([
    [200, { outcome: 'success' }],
    [202, { outcome: 'success' }],
    [204, { outcome: 'success' }],
    [299, { outcome: 'success' }],
    [100, { outcome: 'retryable', overloaded: false }],
    [301, { outcome: 'retryable', overloaded: false }],
    [307, { outcome: 'retryable', overloaded: false }],
    [400, { outcome: 'retryable', overloaded: false }],
    [401, { outcome: 'retryable', overloaded: false }],
    [403, { outcome: 'retryable', overloaded: false }],
    [404, { outcome: 'retryable', overloaded: false }],
    [410, { outcome: 'permanent', disableWebhook: true, reason: 'the receiver answered 410 Gone' }],
    [429, { outcome: 'retryable', overloaded: true }],
    [500, { outcome: 'retryable', overloaded: false }],
    [502, { outcome: 'retryable', overloaded: true }],
    [503, { outcome: 'retryable', overloaded: true }],
    [504, { outcome: 'retryable', overloaded: true }],
  ])('status %i', (status, expected) => {
    expect(classifyResponse({ status })).toEqual(expected);
  });

  it.each([
    ['timeout', { outcome: 'retryable', overloaded: true }],
    ['connection_failed', { outcome: 'retryable', overloaded: false }],
    ['dns_failed', { outcome: 'retryable', overloaded: false }],
    ['tls_failed', { outcome: 'retryable', overloaded: false }],
    ['connection_reset', { outcome: 'retryable', overloaded: false }],
    [
      'address_refused',
      {
        outcome: 'permanent',
        disableWebhook: false,
        reason: 'the target resolves to a private or special-use address',
      },
    ],
    [
      'invalid_url',
      { outcome: 'permanent', disableWebhook: false, reason: 'the target URL is invalid' },
    ],
  ] as const)('error %s', (error, expected) => {
    expect(classifyResponse({ error })).toEqual(expected);
  });
});

describe('shouldAutoDisable', () => {
  const DAY = 24 * 60 * 60 * 1000;
  it.each([
    ['never failed', null, NOW, false],
    ['failing for 4 days', NOW - 4 * DAY, NOW, false],
    ['failing for 5 days less a millisecond', NOW - 5 * DAY + 1, NOW, false],
    ['failing for exactly 5 days', NOW - 5 * DAY, NOW, true],
    ['failing for 6 days', NOW - 6 * DAY, NOW, true],
  ])('%s -> %s', (_label, firstFailureAt, now, expected) => {
    expect(shouldAutoDisable(firstFailureAt, now)).toBe(expected);
  });

  it('takes a custom window', () => {
    expect(shouldAutoDisable(NOW - 60_000, NOW, 60_000)).toBe(true);
    expect(shouldAutoDisable(NOW - 59_999, NOW, 60_000)).toBe(false);
  });
});
