import { ORG_ROLES, absoluteUrl, orgRoleAtLeast, profileUrl } from './account';

describe('account helpers', () => {
  it('orders organization roles read < contributor < write < admin', () => {
    expect(ORG_ROLES).toEqual(['read', 'contributor', 'write', 'admin']);
  });

  it.each([
    ['admin', 'write', true],
    ['write', 'write', true],
    ['contributor', 'write', false],
    ['contributor', 'read', true],
    ['read', 'contributor', false],
    [null, 'read', false],
    [undefined, 'read', false],
  ] as const)('orgRoleAtLeast(%p, %p) is %p', (role, minimum, expected) => {
    expect(orgRoleAtLeast(role, minimum)).toBe(expected);
  });

  it.each([
    ['https://hub.example.com', '/avatars/abc.svg', 'https://hub.example.com/avatars/abc.svg'],
    ['https://hub.example.com/', '/avatars/abc.svg', 'https://hub.example.com/avatars/abc.svg'],
    ['https://hub.example.com', 'avatars/abc.svg', 'https://hub.example.com/avatars/abc.svg'],
    ['https://hub.example.com', 'https://cdn.example.com/a.png', 'https://cdn.example.com/a.png'],
  ])('absoluteUrl(%p, %p) is %p', (base, path, expected) => {
    expect(absoluteUrl(base, path)).toBe(expected);
  });

  it('builds the profile URL', () => {
    expect(profileUrl('https://hub.example.com/', 'ada')).toBe('https://hub.example.com/ada');
    expect(profileUrl('http://127.0.0.1:8080', 'a b')).toBe('http://127.0.0.1:8080/a%20b');
  });
});
