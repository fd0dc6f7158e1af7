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

/** Sends a request; an answer that is not 2xx becomes an ApiFailure with the API's own message. */
async function send(
  method: string,
  path: string,
  body: unknown,
  accept: string,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept };
  if (csrfToken) headers['X-CSRF-Token'] = csrfToken;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiFailure(
      0,
      'Gatehouse could not be reached. Check your connection and try again.',
      null,
      '',
    );
  }
  if (!res.ok) {
    let message: unknown = null;
    try {
      message = ((await res.json()) as { error?: unknown } | null)?.error;
    } catch {
      message = null;
    }
    throw failureOf(
      res.status,
      typeof message === 'string'
        ? message
        : (res.headers.get('x-error-message') ?? `The server answered ${res.status}`),
    );
  }
  return res;
}

export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await send(method, path, body, 'application/json');
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  try {
    return (text ? JSON.parse(text) : null) as T;
  } catch {
    throw new ApiFailure(
      res.status,
      `The server answered ${res.status} with something other than JSON`,
      null,
      '',
    );
  }
}

/** A file the API answers (an export): its bytes as served, whatever their format. */
export async function apiFile(path: string): Promise<Blob> {
  return (await send('GET', path, undefined, '*/*')).blob();
}

/** A path segment: ids and client ids (a metadata-document client id is a URL) stay one segment. */
export const segment = encodeURIComponent;
