import { TOKEN_PREFIXES, classifyToken, tokenPrefix } from './token-format';

const BODY = 'Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb3dEf6hIj9'; // 43 base62 characters

describe('token format', () => {
  it('gives every kind an hf_ prefix', () => {
    for (const prefix of Object.values(TOKEN_PREFIXES)) expect(prefix.startsWith('hf_')).toBe(true);
    expect(tokenPrefix('oauth_access')).toBe('hf_oauth_');
    expect(tokenPrefix('oauth_refresh')).toBe('hf_oauth_refresh_');
    expect(tokenPrefix('trusted_publisher')).toBe('hf_jwt_');
    expect(tokenPrefix('personal')).toBe('hf_');
  });

  it.each([
    [`hf_oauth_${BODY}`, 'oauth_access'],
    [`hf_oauth_refresh_${BODY}`, 'oauth_refresh'],
    [`hf_jwt_${BODY}`, 'trusted_publisher'],
    ['hf_jwt_eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJyZXBvIn0.c2lnbmF0dXJlX2J5dGVz', 'trusted_publisher'],
    [`hf_${BODY}`, 'personal'],
    ['hf_abcdefghijklmnopqrstuvwxyzABCDEFGH', 'personal'],
    [`hf_${'a'.repeat(22)}`, 'personal'],
    [`hf_${'a'.repeat(21)}`, null],
    [`hf_${'a'.repeat(129)}`, null],
    [`hf_oauth_${BODY}!`, null],
    [`hf_oauth_${BODY.slice(0, 10)}_${BODY}`, null],
    [`hf_oauth_refresh_${BODY}-x`, null],
    [`hf_${BODY} `, null],
    [`api_org_${BODY}`, null],
    [BODY, null],
    ['', null],
    ['hf_', null],
    ['Bearer hf_' + BODY, null],
  ])('classifyToken(%p) is %p', (token, kind) => {
    expect(classifyToken(token)).toBe(kind);
  });
});
