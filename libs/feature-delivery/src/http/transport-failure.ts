import type { DeliveryErrorKind } from '@gatehouse/domain';
import { classifyOutboundFailure } from '@gatehouse/platform';

export interface TransportFailure {
  error: DeliveryErrorKind;
  /** Shown to the webhook's owner in the activity view: says what happened, no internals. */
  message: string;
  /** For the worker's log only. */
  detail?: string;
}

/** Names a failed request (no HTTP response) as `classifyResponse` expects it, in the owner's words. */
export function transportFailure(error: unknown, timeoutMs: number): TransportFailure {
  const failure = classifyOutboundFailure(error);
  switch (failure.kind) {
    case 'address_refused':
      // One message for every refused range (the owner sees it), so webhooks cannot map internal DNS.
      return {
        error: 'address_refused',
        message: 'the target resolves to a private or special-use address',
        detail: failure.refusal.message,
      };
    case 'timeout':
      return { error: 'timeout', message: `no response within ${timeoutMs} ms` };
    case 'dns_failed':
      return {
        error: 'dns_failed',
        message: `the host name could not be resolved (${failure.code})`,
      };
    case 'connection_failed':
      return { error: 'connection_failed', message: `could not connect (${failure.code})` };
    case 'connection_reset':
      return {
        error: 'connection_reset',
        message: `the connection was closed before a response (${failure.code})`,
      };
    case 'tls_failed':
      return { error: 'tls_failed', message: `TLS handshake failed (${failure.code})` };
    case 'invalid_url':
      return { error: 'invalid_url', message: 'the target URL is invalid' };
    case 'unexpected':
      return { error: 'connection_failed', message: 'the request failed before a response' };
    default:
      return assertNever(failure);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unhandled outbound failure: ${JSON.stringify(value)}`);
}
