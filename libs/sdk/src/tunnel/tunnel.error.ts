/** The tunnel server refused or could not be reached. */
export class TunnelError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TunnelError';
  }
}
