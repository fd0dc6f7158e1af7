import { fatalLogLine } from '@gatehouse/config';

/**
 * A service that cannot start (database unreachable, port taken, bad seed file, a key that does
 * not open the stored secrets) says why on one fatal JSON line on stderr, in the shape of every
 * other line, and exits 1, instead of leaving an unhandled rejection behind.
 */
export function exitOnStartupFailure(
  starting: Promise<unknown>,
  options: {
    service?: string;
    exit?: (code: number) => never;
    writeError?: (line: string) => void;
  } = {},
): void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const writeError = options.writeError ?? ((line: string) => process.stderr.write(line));
  starting.catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    writeError(fatalLogLine('startup failed', { service: options.service, error: message }));
    exit(1);
  });
}
