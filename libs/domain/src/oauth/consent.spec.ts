import { AccessDenied, InvalidRequest, OAuthError } from '../common';
import {
  ConsentGrant,
  canGrantRequiredOrgs,
  chooseGrantedScopes,
  consentCovers,
  selectGrantedOrgs,
} from './consent';

function errorOf(run: () => unknown): OAuthError {
  try {
    run();
  } catch (error) {
    return error as OAuthError;
  }
  throw new Error('expected an error');
}

describe('consentCovers', () => {
  const existing: ConsentGrant = {
    scopes: ['openid', 'profile', 'manage-repos'],
    orgIds: ['org-a', 'org-b'],
  };

  it.each<[string, ConsentGrant | null, ConsentGrant, boolean]>([
    ['no consent yet', null, { scopes: ['openid'], orgIds: [] }, false],
    [
      'the same request',
      existing,
      { scopes: ['openid', 'profile', 'manage-repos'], orgIds: ['org-a', 'org-b'] },
      true,
    ],
    ['fewer scopes', existing, { scopes: ['openid'], orgIds: [] }, true],
    ['an implied scope', existing, { scopes: ['read-repos', 'write-repos'], orgIds: [] }, true],
    ['one granted org', existing, { scopes: ['openid'], orgIds: ['org-b'] }, true],
    ['a new scope', existing, { scopes: ['openid', 'email'], orgIds: [] }, false],
    ['a new org', existing, { scopes: ['openid'], orgIds: ['org-c'] }, false],
    [
      'an empty consent and an empty request',
      { scopes: [], orgIds: [] },
      { scopes: [], orgIds: [] },
      true,
    ],
    [
      'a narrower grant asked to widen',
      { scopes: ['read-repos'], orgIds: [] },
      { scopes: ['write-repos'], orgIds: [] },
      false,
    ],
  ])('%s → %p', (_name, previous, requested, expected) => {
    expect(consentCovers(previous, requested)).toBe(expected);
  });
});

describe('organizations', () => {
  const members = ['org-a', 'org-b', 'org-c'];

  it('can grant required organizations the user belongs to, or none', () => {
    expect(canGrantRequiredOrgs(members, ['org-b', 'org-a'])).toBe(true);
    expect(canGrantRequiredOrgs(members, [])).toBe(true);
  });

  it('cannot grant an organization the user does not belong to (or that does not exist)', () => {
    expect(canGrantRequiredOrgs(members, ['org-a', 'org-x'])).toBe(false);
  });

  it.each<[string, string[], string[], string[]]>([
    ['nothing required, nothing selected', [], [], []],
    ['nothing required, some selected', [], ['org-c', 'org-a'], ['org-a', 'org-c']],
    ['required and selected', ['org-b'], ['org-b'], ['org-b']],
    ['required plus an extra one', ['org-b'], ['org-b', 'org-c', 'org-b'], ['org-b', 'org-c']],
  ])('grants: %s', (_name, required, selected, expected) => {
    expect(
      selectGrantedOrgs({
        memberOrgIds: members,
        requiredOrgIds: required,
        selectedOrgIds: selected,
      }),
    ).toEqual(expected);
  });

  it.each<[string, string[], string[], new (description: string) => OAuthError, string]>([
    [
      'a required one unchecked',
      ['org-b'],
      ['org-a'],
      AccessDenied,
      'The app requires access to organization org-b',
    ],
    [
      'an organization the user does not belong to',
      [],
      ['org-x'],
      InvalidRequest,
      'You are not a member of organization org-x',
    ],
  ])('refuses %s', (_name, required, selected, type, message) => {
    const error = errorOf(() =>
      selectGrantedOrgs({
        memberOrgIds: members,
        requiredOrgIds: required,
        selectedOrgIds: selected,
      }),
    );
    expect(error).toBeInstanceOf(type);
    expect(error.description).toBe(message);
  });
});

describe('chooseGrantedScopes', () => {
  it.each<[string, string[], string[] | undefined, string[]]>([
    [
      'no choice offered: everything asked',
      ['openid', 'read-repos'],
      undefined,
      ['openid', 'read-repos'],
    ],
    [
      'everything unticked: the fixed ones stay',
      ['openid', 'profile', 'read-repos'],
      [],
      ['openid', 'profile'],
    ],
    [
      'some left ticked, in the order asked',
      ['email', 'openid', 'read-repos', 'write-repos'],
      ['write-repos', 'email'],
      ['email', 'openid', 'write-repos'],
    ],
    ['a scope not asked for is ignored', ['openid'], ['manage-repos'], ['openid']],
  ])('%s', (_case, requested, chosen, granted) => {
    expect(chooseGrantedScopes(requested, chosen)).toEqual(granted);
  });
});
