import { spawnSync } from 'node:child_process';

/**
 * Throws an Error naming the missing program and how to install it when `command` cannot be run.
 * A test tier never skips for a missing tool: it fails loudly (docs/architecture.md "Tests").
 * Returns what the version command printed.
 */
export function requireCommand(
  command: string,
  versionArgs: string[],
  howToInstall: string,
): string {
  const probe = spawnSync(command, versionArgs, { encoding: 'utf8' });
  if (probe.error) {
    throw new Error(
      `'${command}' is required but could not be run (${probe.error.message}). Install it: ${howToInstall}`,
    );
  }
  return `${probe.stdout}${probe.stderr}`;
}
