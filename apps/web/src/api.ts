/**
 * The JSON API as the pages call it: same origin, the sign-in cookie, and the session's CSRF token
 * in `X-CSRF-Token` (docs/settings-api.md). Errors keep the API's own message; a message of the form
 * `field: problem` is also placed beside its field.
 */
let csrfToken: string | null = null;

export function useCsrfToken(token: string | null): void {
  csrfToken = token;
}

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The field the API named (`name: Must not be empty` → `name`), if any. */
    readonly field: string | null,
    readonly fieldMessage: string,
  ) {
    super(message);
  }

  get notFound(): boolean {
    return this.status === 404;
  }
}

const FIELD_ERROR = /^([A-Za-z][A-Za-z0-9_]*)(?:\.[A-Za-z0-9_.[\]]+)?: (.+)$/;
const QUOTED_FIELD_ERROR = /^Invalid "([A-Za-z][A-Za-z0-9_]*)[^"]*": (.+)$/;

export function failureOf(status: number, message: string): ApiFailure {
  const match = FIELD_ERROR.exec(message) ?? QUOTED_FIELD_ERROR.exec(message);
  return new ApiFailure(status, message, match ? match[1]! : null, match ? match[2]! : message);
}

export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (csrfToken) headers['X-CSRF-Token'] = csrfToken;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'same-origin' });
  } catch {
    throw new ApiFailure(0, 'Gatehouse could not be reached. Check your connection and try again.', null, '');
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!res.ok) {
    const message = (parsed as { error?: unknown } | null)?.error;
    throw failureOf(res.status, typeof message === 'string' ? message : res.headers.get('x-error-message') ?? `The server answered ${res.status}`);
  }
  return parsed as T;
}

/** A path segment: ids and client ids (a metadata-document client id is a URL) stay one segment. */
export const segment = encodeURIComponent;
