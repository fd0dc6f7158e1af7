import { spawnSync } from 'node:child_process';

/**
 * Throws an Error naming the missing program and how to install it when `command` cannot be run.
 * A test tier never skips for a missing tool: it fails loudly (docs/architecture.md "Tests").
 */
export function requireCommand(command: string, versionArgs: string[], howToInstall: string): void {
  const probe = spawnSync(command, versionArgs, { stdio: 'ignore' });
  if (probe.error) {
    throw new Error(`'${command}' is required but could not be run (${probe.error.message}). Install it: ${howToInstall}`);
  }
}
