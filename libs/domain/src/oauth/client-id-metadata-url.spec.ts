import { InvalidClient } from '../common';
import {
  clientIdHostname,
  isClientIdMetadataUrl,
  validateClientIdUrl,
} from './client-id-metadata-url';

describe('client-ID metadata URL', () => {
  it.each([
    ['https://app.example.com/.well-known/oauth-cimd', true],
    ['http://app.example.com/.well-known/oauth-cimd', true],
    ['HTTPS://app.example.com/x', true],
    ['26be6b09-91c5-47da-9861-d2d2bb7a7e36', false],
    ['654b784001020304050607ff', false],
    ['myapp://x', false],
    ['', false],
  ])('isClientIdMetadataUrl(%p) is %p', (clientId, expected) => {
    expect(isClientIdMetadataUrl(clientId)).toBe(expected);
  });

  it.each([
    'https://app.example.com/.well-known/oauth-cimd',
    'https://app.example.com:8443/.well-known/oauth-cimd',
    'https://app.example.com/tenant/.well-known/oauth-cimd',
    'https://claude.ai/oauth/mcp-oauth-client-metadata',
    'https://app.example.com/a.b/c..d/.well-known',
  ])('accepts %p unchanged', (url) => {
    expect(validateClientIdUrl(url)).toBe(url);
  });

  it.each([
    ['', 'client_id URL is empty'],
    [`https://app.example.com/${'a'.repeat(2048)}`, 'client_id URL is longer than 2048 characters'],
    ['http://app.example.com/.well-known/oauth-cimd', 'client_id URL must use the https scheme'],
    ['HTTPS://app.example.com/.well-known/oauth-cimd', 'client_id URL must use the https scheme'],
    ['ftp://app.example.com/x', 'client_id URL must use the https scheme'],
    ['https://app.example.com/x#frag', 'client_id URL must not contain a fragment'],
    ['https://app.example.com/x#', 'client_id URL must not contain a fragment'],
    ['https://app.example.com/x?v=1', 'client_id URL must not contain a query'],
    ['https://app.example.com/x?', 'client_id URL must not contain a query'],
    ['https://user:pw@app.example.com/x', 'client_id URL must not contain userinfo'],
    ['https://@app.example.com/x', 'client_id URL must not contain userinfo'],
    ['https://app.example.com', 'client_id URL must have a path'],
    ['https://app.example.com/', 'client_id URL must have a path'],
    ['https://app.example.com/a/../x', 'client_id URL must not contain . or .. segments'],
    ['https://app.example.com/./x', 'client_id URL must not contain . or .. segments'],
    ['https://app.example.com/a/%2e%2e/x', 'client_id URL must not contain . or .. segments'],
    ['https://app.example.com/a/%2E/x', 'client_id URL must not contain . or .. segments'],
    ['https://app.example.com/a/.%2e', 'client_id URL must not contain . or .. segments'],
    [
      'https://app.example.com/a\\b',
      'client_id URL contains a control character, space, backslash or non-ASCII character',
    ],
    [
      'https://app.example.com/a b',
      'client_id URL contains a control character, space, backslash or non-ASCII character',
    ],
    [
      'https://app.example.com/a\tb',
      'client_id URL contains a control character, space, backslash or non-ASCII character',
    ],
    [
      'https://app.example.com/a\u0000',
      'client_id URL contains a control character, space, backslash or non-ASCII character',
    ],
    [
      'https://app.exämple.com/a',
      'client_id URL contains a control character, space, backslash or non-ASCII character',
    ],
    ['https:///x', 'client_id URL is not a valid URL'],
    ['https://app.example.com:99999/x', 'client_id URL is not a valid URL'],
    ['https://[::1/x', 'client_id URL is not a valid URL'],
  ])('refuses %p', (url, message) => {
    let error: unknown;
    try {
      validateClientIdUrl(url);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InvalidClient);
    expect((error as InvalidClient).code).toBe('invalid_client');
    expect((error as InvalidClient).description).toBe(message);
  });

  it('gives the host name for the consent page', () => {
    expect(clientIdHostname('https://app.example.com:8443/.well-known/oauth-cimd')).toBe(
      'app.example.com',
    );
  });
});
