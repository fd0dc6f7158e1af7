import { InvalidRequest } from '@gatehouse/domain';
import { unverifiedIssuer } from './unverified-issuer';

const b64 = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const jwt = (payload: unknown) => `${b64({ alg: 'RS256' })}.${b64(payload)}.${b64('signature')}`;

describe('unverifiedIssuer', () => {
  it('reads iss from the payload', () => {
    expect(
      unverifiedIssuer(jwt({ iss: 'https://token.actions.githubusercontent.com', aud: 'x' })),
    ).toBe('https://token.actions.githubusercontent.com');
  });

  it.each([
    ['an e-mail address', 'alice@example.com', 'subject_token is not a compact JWT'],
    ['two segments', `${b64({})}.${b64({ iss: 'x' })}`, 'subject_token is not a compact JWT'],
    [
      'a payload that is not JSON',
      `${b64({})}.${b64('not json')}.${b64('s')}`,
      'subject_token is not a compact JWT',
    ],
    ['no iss', jwt({ sub: 'x' }), 'subject_token has no iss claim'],
    ['a numeric iss', jwt({ iss: 42 }), 'subject_token has no iss claim'],
    ['a JSON null payload', jwt(null), 'subject_token has no iss claim'],
    [
      'an oversized token',
      `${b64({})}.${'a'.repeat(20_000)}.${b64('s')}`,
      'subject_token is not a compact JWT',
    ],
  ])('refuses %s with invalid_request', (_case, token, description) => {
    expect(() => unverifiedIssuer(token)).toThrow(new InvalidRequest(description));
  });
});
