export type SecretBoxErrorCode = 'invalid_key' | 'malformed' | 'undecryptable';

/** Raised when a key is unusable or a sealed secret cannot be opened; never carries the secret. */
export class SecretBoxError extends Error {
  override readonly name = 'SecretBoxError';

  constructor(
    readonly code: SecretBoxErrorCode,
    message: string,
  ) {
    super(message);
  }
}
