import { Abandonment } from './abandonment';
import type { IncomingMessage } from './event-bus';
import { handleWithRetries } from './handle-with-retries';

const message = (offset: number): IncomingMessage => ({
  topic: 't',
  partition: 0,
  offset: String(offset),
  key: 'k',
  value: '{}',
  headers: {},
  timestamp: 0,
});

describe('Abandonment', () => {
  it('answers with the work’s value and keeps no listener once the race is over', async () => {
    const abandonment = new Abandonment();
    await expect(abandonment.race(Promise.resolve(42))).resolves.toBe(42);
    await expect(abandonment.race(Promise.reject(new Error('handler broke')))).rejects.toThrow(
      'handler broke',
    );
    expect(abandonment.waiting).toBe(0);
  });

  it('gives up on the races under way when abandoned, and on every later one at once', async () => {
    const abandonment = new Abandonment();
    const never = new Promise<string>(() => undefined);
    const pending = [abandonment.race(never), abandonment.race(never)];
    expect(abandonment.waiting).toBe(2);
    abandonment.abandon();
    await expect(Promise.all(pending)).resolves.toEqual(['abandoned', 'abandoned']);
    await expect(abandonment.race(Promise.resolve('late'))).resolves.toBe('abandoned');
    expect(abandonment.waiting).toBe(0);
  });

  it('lets a consumer handle message after message without holding on to any of them', async () => {
    const abandonment = new Abandonment();
    const control = {
      maxAttempts: 3,
      backoff: { initialMs: 1, maxMs: 1 },
      isClosing: () => false,
      abandonment,
      onAttemptFailed: () => undefined,
    };
    let failedOnce = false;
    for (let offset = 0; offset < 1_000; offset += 1) {
      const outcome = await handleWithRetries(
        message(offset),
        async () => {
          if (offset === 500 && !failedOnce) {
            failedOnce = true;
            throw new Error('retry me');
          }
        },
        control,
      );
      expect(outcome).toEqual({ kind: 'handled', attempts: offset === 500 ? 2 : 1 });
      expect(abandonment.waiting).toBe(0);
    }
  });
});
