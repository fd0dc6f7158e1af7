import { createHttpError, type GatehouseHttpError } from './gatehouse-http.error';

const MAX_TEXT_MESSAGE = 500;

/** Builds the typed error for a non-2xx response (the shapes of docs/hf-clients.md "Errors"). */
export async function readHttpError(
  response: Response,
  method: string,
  url: string,
): Promise<GatehouseHttpError> {
  const text = await response.text().catch(() => '');
  const messages = [response.headers.get('x-error-message') ?? undefined, bodyMessage(text)].filter(
    (m, index, all): m is string => !!m && all.indexOf(m) === index,
  );
  const retryAfter = Number(response.headers.get('retry-after'));
  return createHttpError({
    status: response.status,
    method,
    url,
    serverMessage: messages.length ? messages.join('\n') : undefined,
    requestId:
      response.headers.get('x-request-id') ?? response.headers.get('x-amzn-trace-id') ?? undefined,
    retryAfterSeconds:
      response.headers.has('retry-after') && Number.isFinite(retryAfter) ? retryAfter : undefined,
  });
}

function bodyMessage(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(trimmed);
  } catch {
    return trimmed.startsWith('<') ? undefined : trimmed.slice(0, MAX_TEXT_MESSAGE);
  }
  if (typeof body !== 'object' || body === null) return undefined;
  const {
    error,
    error_description: description,
    errors,
    message,
  } = body as Record<string, unknown>;
  if (typeof error === 'string')
    return typeof description === 'string' ? `${error}: ${description}` : error;
  if (Array.isArray(error)) return error.map(String).join('\n');
  if (Array.isArray(errors)) {
    return errors
      .map((e) =>
        typeof e === 'object' && e !== null && 'message' in e ? String(e.message) : String(e),
      )
      .join('\n');
  }
  return typeof message === 'string' ? message : undefined;
}
