/** One bad or missing variable and why. */
export interface ConfigProblem {
  variable: string;
  reason: string;
}

/** Thrown at boot when configuration is invalid; the message names every offending variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';

  constructor(readonly problems: readonly ConfigProblem[]) {
    super(
      `Invalid configuration: ${problems.map(({ variable, reason }) => `${variable}: ${reason}`).join('; ')}`,
    );
  }
}
