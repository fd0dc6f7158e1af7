import { waitUntil } from './wait-until';

describe('waitUntil', () => {
  it('returns the first answer that is not undefined, null or false', async () => {
    const answers = [undefined, null, false, 0, 'found'];
    let calls = 0;
    await expect(waitUntil('a value', () => answers[calls++], { intervalMs: 1 })).resolves.toBe(0);
    expect(calls).toBe(4);
  });

  it('awaits a probe that returns a promise', async () => {
    let calls = 0;
    await expect(
      waitUntil('the third call', async () => (++calls === 3 ? 'ready' : undefined), {
        intervalMs: 1,
      }),
    ).resolves.toBe('ready');
  });

  it('fails past its deadline, naming what it waited for', async () => {
    await expect(
      waitUntil('the broker', () => false, { timeoutMs: 20, intervalMs: 5 }),
    ).rejects.toThrow('timed out after 20 ms waiting for the broker');
  });

  it('adds what detail() says to the failure', async () => {
    let last = 'none';
    await expect(
      waitUntil('a 200', () => void (last = 'HTTP 503'), {
        timeoutMs: 20,
        intervalMs: 5,
        detail: () => `last answer ${last}`,
      }),
    ).rejects.toThrow('timed out after 20 ms waiting for a 200: last answer HTTP 503');
  });

  it('ends the wait with the error of a probe that throws', async () => {
    await expect(
      waitUntil('the broker', () => {
        throw new Error('the broker process exited');
      }),
    ).rejects.toThrow('the broker process exited');
  });
});
