/**
 * Probes until it answers something other than `undefined`, `null` or `false`, and returns that;
 * past `timeoutMs` it throws, naming what it waited for (and `detail()`, when given: the last
 * answer, a process's output). Tests that must hold on a busy machine wait for their condition
 * with a generous deadline like this, never for a fixed time: a slow machine only makes them
 * take longer. A probe that throws ends the wait with its error.
 */
export async function waitUntil<T>(
  what: string,
  probe: () => T | Promise<T>,
  {
    timeoutMs = 30_000,
    intervalMs = 100,
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
