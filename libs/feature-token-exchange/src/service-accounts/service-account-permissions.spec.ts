import { ApiError, type FineGrainedRequest, repositoryEntityId } from '@gatehouse/domain';
import { serviceAccountGrant } from './service-account-permissions';

const ACME = { id: 'a0000000000000000000acme', name: 'Acme' };

function refusal(request: FineGrainedRequest): { field: string | undefined; message: string } {
  try {
    serviceAccountGrant(request, ACME);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return { field: (error as ApiError).options.field, message: (error as ApiError).message };
  }
  throw new Error('the grant was accepted');
}

describe('serviceAccountGrant', () => {
  it('names the organization by id and its repositories by their stable id', () => {
    expect(
      serviceAccountGrant(
        {
          scoped: [
            { entity: { type: 'org', name: 'acme' }, permissions: ['repo.content.read'] },
            { entity: { type: 'dataset', name: 'ACME/logs' }, permissions: ['repo.write'] },
          ],
        },
        ACME,
      ),
    ).toEqual({
      global: [],
      canReadGatedRepos: false,
      scoped: [
        {
          entity: { type: 'org', id: ACME.id, name: 'Acme' },
          permissions: ['repo.content.read'],
        },
        {
          entity: {
            type: 'dataset',
            id: repositoryEntityId('dataset', 'ACME/logs'),
            name: 'ACME/logs',
          },
          permissions: ['repo.write'],
        },
      ],
    });
  });

  it.each<[string, FineGrainedRequest, string, string]>([
    [
      'a global permission',
      { global: ['repo.content.read'] },
      'fineGrained.global',
      'A service account has no account of its own: give permissions on Acme or its repositories',
    ],
    [
      'another organization',
      { scoped: [{ entity: { type: 'org', name: 'other' }, permissions: ['org.read'] }] },
      'fineGrained.scoped.0.entity.name',
      'A service account of Acme acts in Acme only, not in other',
    ],
    [
      'a repository of another owner',
      {
        scoped: [
          { entity: { type: 'org', name: 'acme' }, permissions: ['repo.content.read'] },
          { entity: { type: 'space', name: 'acmex/demo' }, permissions: ['repo.write'] },
        ],
      },
      'fineGrained.scoped.1.entity.name',
      'A service account of Acme reaches its repositories only, not acmex/demo',
    ],
    [
      'a user entry',
      { scoped: [{ entity: { type: 'user', name: 'acme' }, permissions: ['repo.write'] }] },
      'fineGrained.scoped.0.entity.name',
      'A service account token takes no user entry',
    ],
    [
      'an unknown permission (the domain check)',
      { scoped: [{ entity: { type: 'org', name: 'acme' }, permissions: ['repo.own'] }] },
      'fineGrained.scoped.0.permissions',
      "Unknown permission 'repo.own'",
    ],
  ])('refuses %s with 400 naming the field', (_case, request, field, message) => {
    expect(refusal(request)).toEqual({ field, message });
  });
});
