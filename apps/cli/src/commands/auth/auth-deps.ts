import { homedir } from 'node:os';
import { hasDisplay, openInBrowser } from './display';
import type { SpinnerStream } from './spinner';

/** What the auth commands touch outside themselves, as a port so tests replace it. */
export interface AuthDeps {
  env: Readonly<Record<string, string | undefined>>;
  homedir: string;
  fetch: typeof fetch;
  now(): number;
  /** Whether a browser can be opened (see `hasDisplay`). */
  canOpenBrowser(): boolean;
  openBrowser(url: string): Promise<boolean>;
  /** Where the polling spinner draws (stderr); it draws only on a TTY. */
  spinnerStream: SpinnerStream;
  /** Aborted on Ctrl-C. */
  signal?: AbortSignal;
  /** For tests: the SDK's poll timer. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export function processAuthDeps(): AuthDeps {
  return {
    env: process.env,
    homedir: homedir(),
    fetch: globalThis.fetch,
    now: Date.now,
    canOpenBrowser: () => hasDisplay(process.env, process.platform),
    openBrowser: (url) => openInBrowser(url, process.platform),
    spinnerStream: process.stderr,
  };
}
