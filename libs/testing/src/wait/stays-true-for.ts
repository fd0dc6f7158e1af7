/**
 * The one fixed wait a test may make: to show that something does NOT happen (no duplicate, no
 * delivery, no answer yet). Probes every `intervalMs` for `ms` and throws, naming `what`, as soon
 * as the probe answers false. A loaded machine can only make such a check pass (less happens in
 * the time), never fail; so it states negatives only, after the positive it follows was waited
 * for with waitUntil, and where a positive sign that the work is over exists (a committed
 * offset, an exited process, a lock another session waits on) a test waits for that instead.
 */
export async function staysTrueFor(
  what: string,
  probe: () => boolean | Promise<boolean>,
  ms: number,
  { intervalMs = 50 }: { intervalMs?: number } = {},
): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    if (!(await probe())) throw new Error(`${what}: no longer true within ${ms} ms`);
    const left = end - Date.now();
    if (left <= 0) return;
    await new Promise((resolve) => setTimeout(resolve, Math.min(intervalMs, left)));
  }
}
