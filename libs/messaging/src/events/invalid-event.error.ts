export type InvalidEventReason =
  /** Not JSON, or not an envelope `{id, type, version, time, data}`. */
  | 'malformed'
  /** An envelope of another event type than the consumer expects. */
  | 'unexpected_type'
  /** A version of the type the consumer has no definition for. */
  | 'unknown_version'
  /** The data does not match the schema of its type and version. */
  | 'invalid_data';

/**
 * An event a consumer cannot accept. Not worth retrying: a consumer lets it fail its handler so
 * the bus dead-letters it.
 */
export class InvalidEventError extends Error {
  constructor(
    readonly reason: InvalidEventReason,
    message: string,
    readonly details: { type?: string; version?: number; issues?: string } = {},
  ) {
    super(message);
    this.name = 'InvalidEventError';
  }
}
