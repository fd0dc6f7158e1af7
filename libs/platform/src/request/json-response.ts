import type { ServerResponse } from 'node:http';

/**
 * Whether a response may skip what Express's `res.json` does beyond writing: its caching headers
 * say no cache keeps it (RFC 9111 §5.2.2.5 `no-store`), so an ETag would never be revalidated, and
 * nothing has chosen its media type, its length or its framing yet.
 */
export function isUncachedJsonResponse(res: ServerResponse): boolean {
  const cacheControl = res.getHeader('cache-control');
  return (
    typeof cacheControl === 'string' &&
    cacheControl.includes('no-store') &&
    !res.hasHeader('content-type') &&
    !res.hasHeader('content-length') &&
    !res.hasHeader('transfer-encoding')
  );
}

/**
 * Ends a response with a JSON text: the headers `res.json` would have set without the ETag, one
 * write of headers and body together, no body for HEAD (RFC 9110 §9.3.2). The status must allow
 * content (not 1xx, 204, 205 or 304).
 */
export function endWithJson(res: ServerResponse, json: string): void {
  endUncached(res, 'application/json; charset=utf-8', json);
}

/**
 * Ends a `no-store` response with a text of the given media type as `endWithJson` does: an ETag
 * would never be revalidated, so none is computed (Express's `res.send` hashes every body for one).
 */
export function endUncached(res: ServerResponse, contentType: string, text: string): void {
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Length', Buffer.byteLength(text));
  if (res.req.method === 'HEAD') res.end();
  else res.end(text, 'utf8');
}
