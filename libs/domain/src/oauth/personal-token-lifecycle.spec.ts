import { ApiError } from '../common';
import { anonymisedAddressOf } from '../net/client-address';
import {
  maskedTokenPreview,
  personalTokenExpiry,
  userAgentFamily,
} from './personal-token-lifecycle';

const NOW = Date.UTC(2026, 0, 1);
const DAY = 86_400_000;

describe('personalTokenExpiry', () => {
  it.each([
    [{}, null],
    [{ expiresInDays: null, expiresAt: null }, null],
    [{ expiresInDays: 7 }, NOW + 7 * DAY],
    [{ expiresInDays: 30 }, NOW + 30 * DAY],
    [{ expiresInDays: 90 }, NOW + 90 * DAY],
    [{ expiresAt: '2026-03-01' }, Date.UTC(2026, 2, 1)],
    [{ expiresAt: '2026-01-02T10:00:00Z' }, Date.UTC(2026, 0, 2, 10)],
  ])('%j expires at %p', (choice, expected) => {
    expect(personalTokenExpiry(choice, NOW)).toBe(expected);
  });

  it.each([
    [{ expiresInDays: 14 }, 'expiresInDays must be one of 7, 30, 90', 'expiresInDays'],
    [{ expiresAt: 'soon' }, 'expiresAt must be an ISO 8601 date or date-time', 'expiresAt'],
    [{ expiresAt: '2025-12-31' }, 'expiresAt must be in the future', 'expiresAt'],
    [
      { expiresInDays: 7, expiresAt: '2026-03-01' },
      'Give expiresInDays or expiresAt, not both',
      'expiresAt',
    ],
  ])('refuses %j', (choice, message, field) => {
    const error = (() => {
      try {
        personalTokenExpiry(choice, NOW);
      } catch (thrown) {
        return thrown as ApiError;
      }
      throw new Error('expected a refusal');
    })();
    expect([error.code, error.message, error.options.field]).toEqual([
      'bad_request',
      message,
      field,
    ]);
  });
});

describe('maskedTokenPreview', () => {
  it('keeps the prefix and the last four characters', () => {
    expect(maskedTokenPreview('hf_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789wxyz')).toBe('hf_…wxyz');
  });
});

describe('userAgentFamily', () => {
  it.each([
    ['unknown/None; hf_hub/0.26.2; python/3.11.2', 'huggingface_hub'],
    ['gatehouse-sdk/0.1.0 node/22.1.0', 'gatehouse-sdk'],
    ['curl/8.5.0', 'curl'],
    ['python-requests/2.31.0', 'python-requests'],
    ['Mozilla/5.0 (X11; Linux x86_64) Chrome/120', 'browser'],
    ['node', 'node'],
    ['my-script/1.0', 'other'],
    [undefined, 'unknown'],
    ['', 'unknown'],
  ])('%p is %p', (userAgent, family) => {
    expect(userAgentFamily(userAgent)).toBe(family);
  });
});

describe('anonymisedAddressOf', () => {
  it.each([
    ['203.0.113.77', '203.0.113.0/24'],
    ['::ffff:198.51.100.9', '198.51.100.0/24'],
    ['2001:db8:abcd:12:1::7', '2001:db8:abcd::/48'],
    ['unknown', 'unknown'],
  ])('%p is shown as %p', (address, shown) => {
    expect(anonymisedAddressOf(address)).toBe(shown);
  });
});
