import type { DeliveryErrorKind } from '@gatehouse/domain';
import { AddressRefusedError } from './address-refused.error';

export interface TransportFailure {
  error: DeliveryErrorKind;
  /** Shown to the webhook's owner in the activity view: says what happened, no internals. */
  message: string;
  /** For the worker's log only. */
  detail?: string;
}

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_NODATA', 'EAI_FAIL']);
const CONNECT_CODES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'ENETDOWN', 'EHOSTDOWN']);
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH|ERR_OSSL_)/;

/** The error and its causes, outermost first (undici wraps socket errors). */
function chain(error: unknown): unknown[] {
  const links: unknown[] = [];
  for (let current = error; current !== undefined && current !== null && links.length < 5; current = (current as { cause?: unknown }).cause) {
    links.push(current);
  }
  return links;
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Names a failed request (no HTTP response) as `classifyResponse` expects it. */
export function transportFailure(error: unknown, timeoutMs: number): TransportFailure {
  const links = chain(error);
  const refused = links.find((link): link is AddressRefusedError => link instanceof AddressRefusedError);
  // One message for every refused range (the owner sees it), so webhooks cannot map internal DNS.
  if (refused) return { error: 'address_refused', message: 'the target resolves to a private or special-use address', detail: refused.message };
  if (links.some((link) => (link as Error)?.name === 'TimeoutError' || (link as Error)?.name === 'AbortError' || TIMEOUT_CODES.has(codeOf(link) ?? ''))) {
    return { error: 'timeout', message: `no response within ${timeoutMs} ms` };
  }
  for (const link of links) {
    const code = codeOf(link);
    if (!code) continue;
    if (DNS_CODES.has(code)) return { error: 'dns_failed', message: `the host name could not be resolved (${code})` };
    if (CONNECT_CODES.has(code)) return { error: 'connection_failed', message: `could not connect (${code})` };
    if (RESET_CODES.has(code)) return { error: 'connection_reset', message: `the connection was closed before a response (${code})` };
    if (TLS_CODE.test(code)) return { error: 'tls_failed', message: `TLS handshake failed (${code})` };
    if (code === 'UND_ERR_INVALID_ARG' || code === 'ERR_INVALID_URL') return { error: 'invalid_url', message: 'the target URL is invalid' };
  }
  return { error: 'connection_failed', message: 'the request failed before a response' };
}
