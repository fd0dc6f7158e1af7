/**
 * Input the CLI cannot act on (a bad flag value, a missing confirmation): its message says what to
 * fix, and the process exits with status 2, as usage errors do. `reported`: commander printed it.
 */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly reported = false,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}
