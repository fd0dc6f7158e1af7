/** Cache bounds for client-ID metadata documents (docs/oauth.md "Apps"): 30 s to 24 h. */
const METADATA_CACHE_MIN_SECONDS = 30;
const METADATA_CACHE_MAX_SECONDS = 24 * 3600;
/** Used when the response says nothing about freshness. */
const METADATA_CACHE_DEFAULT_SECONDS = 300;

export interface CacheHeaders {
  cacheControl?: string | null;
  expires?: string | null;
  date?: string | null;
}

/**
 * How long to keep a VALID document (errors and invalid documents are never cached: the caller
 * simply does not store them), from RFC 9111 headers, clamped to [30 s, 24 h]:
 *  - `Cache-Control: no-store` or `no-cache` gives the 30 s floor. Decision: we still keep the
 *    document that long, because the floor is what spares the app's website (and us) a fetch
 *    on every authorization request; CIMD lets the server respect RFC 9111 "within its own
 *    bounds";
 *  - else `max-age` (this service is the document's only reader, so `s-maxage` and `private`
 *    do not apply);
 *  - else `Expires` minus `Date` (or minus now when `Date` is absent or invalid); an invalid
 *    `Expires` means already expired (RFC 9111 §5.3), so the floor;
 *  - else 5 minutes.
 */
export function cacheTtlFromHeaders(headers: CacheHeaders, nowMs: number): number {
  return clamp(freshnessSeconds(headers, nowMs));
}

function freshnessSeconds(headers: CacheHeaders, nowMs: number): number {
  const directives = parseCacheControl(headers.cacheControl ?? '');
  if (directives.has('no-store') || directives.has('no-cache')) return METADATA_CACHE_MIN_SECONDS;
  const maxAge = directives.get('max-age');
  if (maxAge !== undefined && /^\d+$/.test(maxAge)) return Number(maxAge);
  if (headers.expires) {
    const expires = Date.parse(headers.expires);
    if (Number.isNaN(expires)) return 0;
    const date = headers.date ? Date.parse(headers.date) : Number.NaN;
    const base = Number.isNaN(date) ? nowMs : date;
    return Math.floor((expires - base) / 1000);
  }
  return METADATA_CACHE_DEFAULT_SECONDS;
}

/** Directive names lower-cased; the first occurrence wins (RFC 9111 §4.2.1 leaves it to us). */
function parseCacheControl(value: string): Map<string, string> {
  const directives = new Map<string, string>();
  for (const part of value.split(',')) {
    const [rawName, ...rest] = part.split('=');
    const name = rawName.trim().toLowerCase();
    if (!name || directives.has(name)) continue;
    directives.set(
      name,
      rest
        .join('=')
        .trim()
        .replace(/^"(.*)"$/, '$1'),
    );
  }
  return directives;
}

function clamp(seconds: number): number {
  return Math.min(METADATA_CACHE_MAX_SECONDS, Math.max(METADATA_CACHE_MIN_SECONDS, seconds));
}
