import { ConfigError } from './config-error';

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
 * For mains: runs `load`, and on ConfigError prints one JSON log line (pino's shape, level fatal)
 * to stderr and exits with 78. Other errors propagate unchanged.
 */
export function exitOnConfigError<T>(load: () => T, processExit: ProcessExit = realProcess): T {
  try {
    return load();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const line = { level: 60, time: Date.now(), msg: error.message, problems: error.problems };
    processExit.writeError(`${JSON.stringify(line)}\n`);
    return processExit.exit(EX_CONFIG);
  }
}
