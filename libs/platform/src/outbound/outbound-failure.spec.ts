import { AddressRefusedError } from './address-refused.error';
import { classifyOutboundFailure } from './outbound-failure';

function withCode(code: string): Error {
  return Object.assign(new Error(code), { code });
}

/** undici reports a socket failure as `TypeError: fetch failed` (or its own error) with a cause. */
function wrapped(cause: unknown): Error {
  return Object.assign(new TypeError('fetch failed'), { cause });
}

describe('classifyOutboundFailure', () => {
  it.each([
    ['ENOTFOUND', { kind: 'dns_failed', code: 'ENOTFOUND' }],
    ['EAI_AGAIN', { kind: 'dns_failed', code: 'EAI_AGAIN' }],
    ['ECONNREFUSED', { kind: 'connection_failed', code: 'ECONNREFUSED' }],
    ['EHOSTUNREACH', { kind: 'connection_failed', code: 'EHOSTUNREACH' }],
    ['ECONNRESET', { kind: 'connection_reset', code: 'ECONNRESET' }],
    ['UND_ERR_SOCKET', { kind: 'connection_reset', code: 'UND_ERR_SOCKET' }],
    ['CERT_HAS_EXPIRED', { kind: 'tls_failed', code: 'CERT_HAS_EXPIRED' }],
    ['ERR_TLS_CERT_ALTNAME_INVALID', { kind: 'tls_failed', code: 'ERR_TLS_CERT_ALTNAME_INVALID' }],
    ['ETIMEDOUT', { kind: 'timeout' }],
    ['UND_ERR_CONNECT_TIMEOUT', { kind: 'timeout' }],
    ['UND_ERR_HEADERS_TIMEOUT', { kind: 'timeout' }],
    ['UND_ERR_BODY_TIMEOUT', { kind: 'timeout' }],
    ['UND_ERR_INVALID_ARG', { kind: 'invalid_url' }],
    ['ERR_INVALID_URL', { kind: 'invalid_url' }],
    ['EWHATEVER', { kind: 'unexpected' }],
  ])('%s, bare or wrapped', (code, expected) => {
    expect(classifyOutboundFailure(withCode(code))).toEqual(expected);
    expect(classifyOutboundFailure(wrapped(withCode(code)))).toEqual(expected);
  });

  it.each([
    [
      'a deadline (AbortSignal.timeout)',
      new DOMException('The operation was aborted due to timeout', 'TimeoutError'),
    ],
    ['an abort', new DOMException('This operation was aborted', 'AbortError')],
  ])('%s is a timeout', (_case, error) => {
    expect(classifyOutboundFailure(error)).toEqual({ kind: 'timeout' });
  });

  it('a refusal by the guard wins, however deep, and keeps the refused block for the log', () => {
    const refusal = new AddressRefusedError('internal.example', 'private-use (10.0.0.0/8)');
    expect(classifyOutboundFailure(wrapped(wrapped(refusal)))).toEqual({
      kind: 'address_refused',
      refusal,
    });
    expect(classifyOutboundFailure(refusal)).toEqual({ kind: 'address_refused', refusal });
  });

  it.each([[null], [undefined], ['a string'], [42], [new Error('weird')]])(
    '%p is unexpected',
    (thrown) => {
      expect(classifyOutboundFailure(thrown)).toEqual({ kind: 'unexpected' });
    },
  );
});
