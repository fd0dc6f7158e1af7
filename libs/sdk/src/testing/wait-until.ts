/**
 * waitUntil of @gatehouse/testing, for the SDK's own tests, which may import nothing else of this
 * repository (the SDK is published on its own): probes until the answer is not `undefined`,
 * `null` or `false` and returns it; past `timeoutMs` throws, naming what it waited for and what
 * `detail()` says. A generous deadline, never a fixed wait, so a busy machine only makes a test
 * take longer.
 */
export async function waitUntil<T>(
  what: string,
  probe: () => T | Promise<T>,
  {
    timeoutMs = 30_000,
    intervalMs = 20,
    detail,
  }: { timeoutMs?: number; intervalMs?: number; detail?: () => string } = {},
): Promise<Exclude<T, undefined | null | false>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== null && value !== false)
      return value as Exclude<T, undefined | null | false>;
    if (Date.now() > deadline)
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what}${detail ? `: ${detail()}` : ''}`,
      );
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
