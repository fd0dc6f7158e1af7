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
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(json));
  if (res.req.method === 'HEAD') res.end();
  else res.end(json, 'utf8');
}
