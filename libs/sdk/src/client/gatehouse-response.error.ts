/** A 2xx answer whose body is not what the API promises (e.g. a proxy's HTML page). */
export class GatehouseResponseError extends Error {
  constructor(
    message: string,
    readonly method: string,
    readonly url: string,
  ) {
    super(`Unexpected answer to ${method} ${url}: ${message}`);
    this.name = 'GatehouseResponseError';
  }
}
