/**
 * Probes until it answers something other than `undefined`, `null` or `false`, and returns that;
 * past `timeoutMs` it throws, naming what it waited for. Tests that must hold on a busy machine
 * wait for their condition with a generous deadline like this, never for a fixed time.
 */
export async function waitUntil<T>(
  what: string,
  probe: () => T | Promise<T>,
  { timeoutMs = 30_000, intervalMs = 100 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<Exclude<T, undefined | null | false>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== null && value !== false)
      return value as Exclude<T, undefined | null | false>;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
