/**
 * A service that cannot start (database unreachable, port taken, bad seed file) says why on one
 * JSON line on stderr and exits 1, instead of leaving an unhandled rejection behind.
 */
export function exitOnStartupFailure(starting: Promise<unknown>, exit: (code: number) => never = process.exit): void {
  starting.catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${JSON.stringify({ level: 60, time: Date.now(), msg: 'startup failed', error: message })}\n`);
    exit(1);
  });
}
