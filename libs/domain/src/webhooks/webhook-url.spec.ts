import { ApiError } from '../common';
import { validateWebhookUrlSyntax } from './webhook-url';

const REFUSED =
  'url: must not target a private or special-use address or a name that does not resolve';

function refusal(run: () => unknown): { message: string; field?: string } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.code).toBe('bad_request');
    return { message: apiError.message, field: apiError.options.field };
  }
  throw new Error('expected a refusal');
}

describe('validateWebhookUrlSyntax', () => {
  it.each([
    [
      'https://example.com/hook',
      { url: 'https://example.com/hook', host: 'example.com', hostIsIpLiteral: false },
    ],
    [
      'https://Example.COM:8443/a?b=c',
      { url: 'https://example.com:8443/a?b=c', host: 'example.com', hostIsIpLiteral: false },
    ],
    [
      '  https://example.com/hook?secret=x  ',
      { url: 'https://example.com/hook?secret=x', host: 'example.com', hostIsIpLiteral: false },
    ],
    [
      'https://8.8.8.8/hook',
      { url: 'https://8.8.8.8/hook', host: '8.8.8.8', hostIsIpLiteral: true },
    ],
    [
      'https://[2606:4700:4700::1111]/x',
      {
        url: 'https://[2606:4700:4700::1111]/x',
        host: '2606:4700:4700::1111',
        hostIsIpLiteral: true,
      },
    ],
  ])('accepts %s', (raw, expected) => {
    expect(validateWebhookUrlSyntax(raw)).toEqual(expected);
  });

  it.each([
    [42, 'url: must be a non-empty string'],
    ['', 'url: must be a non-empty string'],
    ['not a url', 'url: must be an absolute URL'],
    ['/relative/hook', 'url: must be an absolute URL'],
    ['http://example.com/hook', 'url: must use https'],
    ['ftp://example.com/hook', 'url: must use https'],
    ['javascript:alert(1)', 'url: must use https'],
    ['https://user:pass@example.com/hook', 'url: must not contain a user name or password'],
    ['https://user@example.com/hook', 'url: must not contain a user name or password'],
    ['https://localhost/hook', REFUSED],
    ['https://api.localhost./hook', REFUSED],
    ['https://127.0.0.1/hook', REFUSED],
    ['https://[::1]/hook', REFUSED],
    ['https://0x7f.1/hook', REFUSED],
    ['https://10.1.2.3/hook', REFUSED],
    ['https://169.254.169.254/latest/meta-data', REFUSED],
    ['https://[::ffff:192.168.0.1]/hook', REFUSED],
    ['https://[fd00::1]/hook', REFUSED],
    ['https://0.0.0.0/hook', REFUSED],
    ['https://example.com/' + 'a'.repeat(2100), 'url: must be at most 2048 characters'],
  ])('refuses %p', (raw, message) => {
    expect(refusal(() => validateWebhookUrlSyntax(raw))).toEqual({ message, field: 'url' });
  });

  describe('with allowLoopback', () => {
    it.each([
      ['http://127.0.0.1:8080/hook', '127.0.0.1', true],
      ['http://localhost:3000/hook', 'localhost', false],
      ['http://[::1]:3000/hook', '::1', true],
      ['https://localhost/hook', 'localhost', false],
    ])('accepts %s', (raw, host, hostIsIpLiteral) => {
      expect(validateWebhookUrlSyntax(raw, { allowLoopback: true })).toMatchObject({
        host,
        hostIsIpLiteral,
      });
    });

    it.each([
      ['http://example.com/hook', 'url: must use https'],
      ['http://10.0.0.1/hook', 'url: must use https'],
      ['https://10.0.0.1/hook', REFUSED],
      ['https://[fe80::1]/hook', REFUSED],
    ])('still refuses %s', (raw, message) => {
      expect(refusal(() => validateWebhookUrlSyntax(raw, { allowLoopback: true }))).toEqual({
        message,
        field: 'url',
      });
    });
  });

  function refusedWith(raw: string): ApiError {
    try {
      validateWebhookUrlSyntax(raw);
    } catch (thrown) {
      return thrown as ApiError;
    }
    throw new Error(`${raw} was accepted`);
  }

  it('keeps which block an address is in for the log (detail), out of the answer', () => {
    const error = refusedWith('https://169.254.169.254/latest/meta-data');
    expect(error.message).toBe(REFUSED);
    expect(error.options.detail).toBe('169.254.169.254 is link-local (169.254.0.0/16)');
  });

  // docs/security.md "SSRF refusals mapping internal DNS": loopback is not told apart from the rest.
  it.each([
    ['https://localhost/hook', 'localhost is a loopback name (RFC 6761)'],
    ['https://127.0.0.1/hook', '127.0.0.1 is loopback (127.0.0.0/8)'],
    ['https://10.1.2.3/hook', '10.1.2.3 is private-use (10.0.0.0/8)'],
  ])('answers %s with the one refusal, the reason in the detail', (raw, detail) => {
    const error = refusedWith(raw);
    expect({ code: error.code, message: error.message, options: error.options }).toEqual({
      code: 'bad_request',
      message: REFUSED,
      options: { field: 'url', detail },
    });
  });

  it('names the field it was given', () => {
    expect(
      refusal(() => validateWebhookUrlSyntax('http://example.com', { field: 'target' })),
    ).toEqual({
      message: 'target: must use https',
      field: 'target',
    });
  });
});
