import { waitUntil } from '@gatehouse/testing';

/** What a probe found: the value waited for, or what it is still waiting on (for the failure message). */
export type Probe<T> = { value: T } | { waiting: string };

/**
 * waitUntil with a probe that says what it is still waiting on (a probe that throws is still
 * waiting, on its error); after `timeoutMs` fails, naming that.
 */
export async function until<T>(
  what: string,
  timeoutMs: number,
  probe: () => Promise<Probe<T>>,
  intervalMs = 250,
): Promise<T> {
  let waiting = 'nothing probed yet';
  const found = await waitUntil(
    what,
    async () => {
      const answer = await probe().catch((error: unknown): Probe<T> => ({
        waiting: (error as Error).message,
      }));
      if ('value' in answer) return answer;
      waiting = answer.waiting;
      return undefined;
    },
    { timeoutMs, intervalMs, detail: () => `still waiting on: ${waiting}` },
  );
  return found.value;
}
