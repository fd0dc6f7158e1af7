import { InvalidGrant, InvalidRequest, OAuthError } from '../common';
import {
  CODE_CHALLENGE_METHODS_SUPPORTED,
  isValidCodeVerifier,
  s256CodeChallenge,
  validateCodeChallenge,
  verifyPkce,
} from './pkce';

// RFC 7636 Appendix B.
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

function errorOf(run: () => unknown): OAuthError {
  try {
    run();
  } catch (error) {
    return error as OAuthError;
  }
  throw new Error('expected an error');
}

describe('PKCE', () => {
  it('supports S256 only', () => {
    expect(CODE_CHALLENGE_METHODS_SUPPORTED).toEqual(['S256']);
  });

  it('computes the RFC 7636 Appendix B challenge', () => {
    expect(s256CodeChallenge(VERIFIER)).toBe(CHALLENGE);
  });

  it('computes the challenge of a huggingface.js verifier (two UUIDs, 72 characters)', () => {
    const verifier =
      '0b3b8f6e-5e2f-4a53-9c6f-1f1e7f0d6c1a' + 'f4b8a3c2-1d0e-4f5a-8b7c-6d5e4f3a2b1c';
    expect(isValidCodeVerifier(verifier)).toBe(true);
    expect(s256CodeChallenge(verifier)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it.each([
    ['a'.repeat(43), true],
    ['a'.repeat(128), true],
    ['A-z.0_9~'.repeat(6), true],
    ['a'.repeat(42), false],
    ['a'.repeat(129), false],
    ['a'.repeat(42) + '+', false],
    ['a'.repeat(42) + '/', false],
    ['a'.repeat(42) + '=', false],
    ['a'.repeat(42) + ' ', false],
    ['', false],
  ])('isValidCodeVerifier(%p) is %p', (verifier, valid) => {
    expect(isValidCodeVerifier(verifier)).toBe(valid);
  });

  describe('validateCodeChallenge (authorization endpoint)', () => {
    it('keeps an S256 challenge', () => {
      expect(validateCodeChallenge(CHALLENGE, 'S256')).toEqual({
        challenge: CHALLENGE,
        method: 'S256',
      });
    });

    it('allows no PKCE when not required (authlib with a secret)', () => {
      expect(validateCodeChallenge(undefined, undefined)).toBeNull();
      expect(validateCodeChallenge('', '', { required: false })).toBeNull();
    });

    it.each([
      [
        'plain',
        CHALLENGE,
        'plain',
        {},
        'code_challenge_method must be S256; plain is not supported',
      ],
      [
        'no method (defaults to plain)',
        CHALLENGE,
        undefined,
        {},
        'code_challenge_method must be S256; plain is not supported',
      ],
      [
        'lower-case s256',
        CHALLENGE,
        's256',
        {},
        'code_challenge_method must be S256; plain is not supported',
      ],
      [
        'method without challenge',
        undefined,
        'S256',
        {},
        'code_challenge_method was sent without code_challenge',
      ],
      [
        'missing when required',
        undefined,
        undefined,
        { required: true },
        'code_challenge is required (PKCE with S256)',
      ],
      [
        'too short',
        CHALLENGE.slice(1),
        'S256',
        {},
        'code_challenge must be the 43-character base64url SHA-256 of the verifier',
      ],
      [
        'padded',
        CHALLENGE.slice(1) + '=',
        'S256',
        {},
        'code_challenge must be the 43-character base64url SHA-256 of the verifier',
      ],
    ])('refuses %s with invalid_request', (_name, challenge, method, options, message) => {
      const error = errorOf(() => validateCodeChallenge(challenge, method, options));
      expect(error).toBeInstanceOf(InvalidRequest);
      expect(error.code).toBe('invalid_request');
      expect(error.description).toBe(message);
    });
  });

  describe('verifyPkce (token endpoint)', () => {
    it('accepts the matching verifier', () => {
      expect(() =>
        verifyPkce({ challenge: CHALLENGE, method: 'S256', verifier: VERIFIER }),
      ).not.toThrow();
    });

    it('accepts no challenge and no verifier', () => {
      expect(() =>
        verifyPkce({ challenge: null, method: null, verifier: undefined }),
      ).not.toThrow();
    });

    it.each([
      [
        'a verifier for a code issued without challenge (downgrade)',
        null,
        null,
        VERIFIER,
        InvalidGrant,
        'invalid_grant',
        'code_verifier sent for a code issued without code_challenge',
      ],
      [
        'a challenge with no verifier',
        CHALLENGE,
        'S256',
        undefined,
        InvalidGrant,
        'invalid_grant',
        'code_verifier is required for this code',
      ],
      [
        'a challenge with an empty verifier',
        CHALLENGE,
        'S256',
        '',
        InvalidGrant,
        'invalid_grant',
        'code_verifier is required for this code',
      ],
      [
        'a wrong verifier',
        CHALLENGE,
        'S256',
        'x'.repeat(43),
        InvalidGrant,
        'invalid_grant',
        'code_verifier does not match code_challenge',
      ],
      [
        'the challenge sent as verifier',
        CHALLENGE,
        'S256',
        CHALLENGE,
        InvalidGrant,
        'invalid_grant',
        'code_verifier does not match code_challenge',
      ],
      [
        'a malformed verifier',
        CHALLENGE,
        'S256',
        'short',
        InvalidRequest,
        'invalid_request',
        'code_verifier must be 43-128 characters of A-Z a-z 0-9 - . _ ~',
      ],
      [
        'a stored plain method',
        CHALLENGE,
        'plain',
        VERIFIER,
        InvalidGrant,
        'invalid_grant',
        'code was issued with an unsupported code_challenge_method',
      ],
    ])('refuses %s', (_name, challenge, method, verifier, type, code, message) => {
      const error = errorOf(() => verifyPkce({ challenge, method, verifier }));
      expect(error).toBeInstanceOf(type);
      expect(error.code).toBe(code);
      expect(error.description).toBe(message);
    });
  });
});
