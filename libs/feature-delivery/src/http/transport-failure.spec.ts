import { AddressRefusedError } from '@gatehouse/platform/testing';
import { transportFailure } from './transport-failure';

function withCode(code: string, wrapped = false): Error {
  const error = Object.assign(new Error(code), { code });
  return wrapped ? Object.assign(new TypeError('fetch failed'), { cause: error }) : error;
}

describe('transportFailure', () => {
  it.each([
    ['ENOTFOUND', 'dns_failed', 'the host name could not be resolved (ENOTFOUND)'],
    ['ECONNREFUSED', 'connection_failed', 'could not connect (ECONNREFUSED)'],
    ['ECONNRESET', 'connection_reset', 'the connection was closed before a response (ECONNRESET)'],
    [
      'UND_ERR_SOCKET',
      'connection_reset',
      'the connection was closed before a response (UND_ERR_SOCKET)',
    ],
    ['CERT_HAS_EXPIRED', 'tls_failed', 'TLS handshake failed (CERT_HAS_EXPIRED)'],
    ['UND_ERR_HEADERS_TIMEOUT', 'timeout', 'no response within 15000 ms'],
  ])('%s → %s', (code, kind, message) => {
    expect(transportFailure(withCode(code), 15_000)).toEqual({ error: kind, message });
    expect(transportFailure(withCode(code, true), 15_000)).toEqual({ error: kind, message });
  });

  it('an aborted request (the attempt timeout) is a timeout', () => {
    expect(
      transportFailure(
        new DOMException('The operation was aborted due to timeout', 'TimeoutError'),
        2_000,
      ),
    ).toEqual({
      error: 'timeout',
      message: 'no response within 2000 ms',
    });
  });

  it('a refused address, even when wrapped, says so generically; which block is detail for the log', () => {
    const error = Object.assign(new Error('connect failed'), {
      cause: new AddressRefusedError('internal.example', 'private-use (10.0.0.0/8)'),
    });
    expect(transportFailure(error, 15_000)).toEqual({
      error: 'address_refused',
      message: 'the target resolves to a private or special-use address',
      detail: 'internal.example resolves to no allowed address: private-use (10.0.0.0/8)',
    });
  });

  it('anything else is a connection failure', () => {
    expect(transportFailure(new Error('weird'), 15_000)).toEqual({
      error: 'connection_failed',
      message: 'the request failed before a response',
    });
  });
});
