import type { NodeProcess } from '@gatehouse/testing';

/** The first match of `pattern` in the process's plain-text output; fails if it exits or time runs out. */
export async function waitForOutput(
  process: NodeProcess,
  pattern: RegExp,
  timeoutMs = 15_000,
): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = process.output().match(pattern);
    if (match) return match;
    if (process.child.exitCode !== null || process.child.signalCode !== null) {
      throw new Error(`the process exited before printing ${pattern}:\n${process.output()}`);
    }
    if (Date.now() > deadline)
      throw new Error(
        `the process did not print ${pattern} within ${timeoutMs} ms:\n${process.output()}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
