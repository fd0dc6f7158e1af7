import { AddressRefusedError } from './address-refused.error';

/** Why a request to a user-supplied address got no HTTP response, whatever threw it. */
export type OutboundFailure =
  | { kind: 'address_refused'; refusal: AddressRefusedError }
  | { kind: 'timeout' }
  | { kind: 'dns_failed'; code: string }
  | { kind: 'connection_failed'; code: string }
  | { kind: 'connection_reset'; code: string }
  | { kind: 'tls_failed'; code: string }
  | { kind: 'invalid_url' }
  | { kind: 'unexpected' };

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_NODATA', 'EAI_FAIL']);
const CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'ENETDOWN',
  'EHOSTDOWN',
]);
const RESET_CODES = new Set([
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);
const TIMEOUT_CODES = new Set([
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);
const TLS_CODE =
  /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH|ERR_OSSL_)/;
const INVALID_URL_CODES = new Set(['UND_ERR_INVALID_ARG', 'ERR_INVALID_URL']);

/** The error and its causes, outermost first (undici wraps socket errors). */
function chain(error: unknown): unknown[] {
  const links: unknown[] = [];
  for (
    let current = error;
    current !== undefined && current !== null && links.length < 5;
    current = (current as { cause?: unknown }).cause
  ) {
    links.push(current);
  }
  return links;
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function isTimeout(link: unknown): boolean {
  const name = (link as Error | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError' || TIMEOUT_CODES.has(codeOf(link) ?? '');
}

/**
 * The one mapping from a failed outbound request (a thrown value, however deeply undici wrapped
 * it) to what went wrong. A refusal by the guard wins over everything; an abort (the caller's
 * deadline) or an undici timeout is a timeout; then the first error code that names a cause.
 * Each caller words the kinds for its own audience.
 */
export function classifyOutboundFailure(error: unknown): OutboundFailure {
  const links = chain(error);
  const refusal = links.find(
    (link): link is AddressRefusedError => link instanceof AddressRefusedError,
  );
  if (refusal) return { kind: 'address_refused', refusal };
  if (links.some(isTimeout)) return { kind: 'timeout' };
  for (const link of links) {
    const code = codeOf(link);
    if (!code) continue;
    if (DNS_CODES.has(code)) return { kind: 'dns_failed', code };
    if (CONNECT_CODES.has(code)) return { kind: 'connection_failed', code };
    if (RESET_CODES.has(code)) return { kind: 'connection_reset', code };
    if (TLS_CODE.test(code)) return { kind: 'tls_failed', code };
    if (INVALID_URL_CODES.has(code)) return { kind: 'invalid_url' };
  }
  return { kind: 'unexpected' };
}
