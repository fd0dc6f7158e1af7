/** What a probe found: the value waited for, or what it is still waiting on (for the failure message). */
export type Probe<T> = { value: T } | { waiting: string };

/** Probes until it finds its value; after `timeoutMs` fails, naming what it was still waiting on. */
export async function until<T>(
  what: string,
  timeoutMs: number,
  probe: () => Promise<Probe<T>>,
  intervalMs = 250,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe().catch((error: unknown): Probe<T> => ({
      waiting: (error as Error).message,
    }));
    if ('value' in found) return found.value;
    if (Date.now() > deadline)
      throw new Error(
        `Timed out after ${timeoutMs} ms waiting for ${what}; still waiting on: ${found.waiting}`,
      );
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
