import { type NodeProcess, waitUntil } from '@gatehouse/testing';

/** The first match of `pattern` in the process's plain-text output; fails if it exits or time runs out. */
export async function waitForOutput(
  process: NodeProcess,
  pattern: RegExp,
  timeoutMs = 15_000,
): Promise<RegExpMatchArray> {
  return waitUntil(
    `the process to print ${pattern}`,
    () => {
      const match = process.output().match(pattern);
      if (match) return match;
      if (process.child.exitCode !== null || process.child.signalCode !== null)
        throw new Error(`the process exited before printing ${pattern}:\n${process.output()}`);
      return undefined;
    },
    { timeoutMs, intervalMs: 25, detail: () => `\n${process.output()}` },
  );
}
