/** The part of `process` auto-start needs; injectable so the scheduling unit-tests without exiting. */
export interface ProcessExitHooks {
  once(event: 'beforeExit', listener: () => void): unknown;
  off(event: 'beforeExit', listener: () => void): unknown;
}

/**
 * Starts the server once the script's own work is done, the Node counterpart
 * of Python's `atexit`: `beforeExit` fires when the event loop has run dry, so after top-level
 * code, top-level `await`s and their timers have finished, and never when the script crashed
 * or called `process.exit()`. A listening server keeps the loop busy, so it fires at most once
 * per schedule; a script that keeps the loop busy forever must call `launch()` itself.
 */
export class AutoStart {
  private listener: (() => void) | undefined;

  constructor(private readonly hooks: ProcessExitHooks = process) {}

  get scheduled(): boolean {
    return this.listener !== undefined;
  }

  schedule(start: () => void): void {
    if (this.listener) return;
    const listener = () => {
      this.listener = undefined;
      start();
    };
    this.listener = listener;
    this.hooks.once('beforeExit', listener);
  }

  cancel(): void {
    if (!this.listener) return;
    this.hooks.off('beforeExit', this.listener);
    this.listener = undefined;
  }
}
