export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/** A refusal of the API: its message is `<status> <the API's message>`. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(`${status} ${message}`);
    this.name = 'ApiCallError';
  }
}

/**
 * One JSON call to Gatehouse's settings API with a bearer token, for the commands' API classes.
 * Errors come in the Hugging Face shape (`{"error": message}`) and are thrown with the status and
 * that message (or the status text).
 */
export class SettingsApiClient {
  private readonly base: string;

  constructor(
    endpoint: string,
    private readonly token: string,
    private readonly fetchImpl: Fetch = fetch,
  ) {
    this.base = endpoint.replace(/\/+$/, '');
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.fetchImpl(`${this.base}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${this.token}`,
        Accept: 'application/json',
        ...(body !== undefined && { 'Content-Type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (!response.ok) {
      const message = (json as { error?: unknown } | undefined)?.error;
      throw new ApiCallError(
        response.status,
        typeof message === 'string' ? message : response.statusText || 'request failed',
      );
    }
    return json as T;
  }
}
