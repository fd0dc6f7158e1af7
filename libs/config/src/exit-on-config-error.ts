import { ConfigError } from './config.error';
import { fatalLogLine } from './fatal-log-line';

/** EX_CONFIG from sysexits.h: "something was found in an unconfigured or misconfigured state". */
export const EX_CONFIG = 78;

export interface ProcessExit {
  writeError(line: string): void;
  exit(code: number): never;
}

const realProcess: ProcessExit = {
  writeError: (line) => process.stderr.write(line),
  exit: (code) => process.exit(code),
};

/**
 * For mains: runs `load`, and on ConfigError prints one fatal JSON log line (the shape of every
 * other line) to stderr and exits with 78. Other errors propagate unchanged.
 */
export function exitOnConfigError<T>(
  load: () => T,
  processExit: ProcessExit = realProcess,
  service?: string,
): T {
  try {
    return load();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    processExit.writeError(fatalLogLine(error.message, { service, problems: error.problems }));
    return processExit.exit(EX_CONFIG);
  }
}
