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
});
