import {
  createBody,
  emptyForm,
  entityNameProblem,
  formFromSearch,
  scopedRow,
  type TokenFormState,
  toggled,
  withPreset,
} from './token-form-state';
import { groupsFor } from './token-permissions';

const TODAY = '2026-11-27';

const aForm = (overrides: Partial<TokenFormState> = {}): TokenFormState => ({
  ...emptyForm(),
  name: 'deploy',
  ...overrides,
});

describe('formFromSearch: the Hub’s deep links', () => {
  it('reads tokenType and ownUserPermissions as the Hub’s documentation links them', () => {
    const { state, ignored } = formFromSearch(
      '?tokenType=fineGrained&ownUserPermissions=inference.serverless.write',
    );
    expect(state).toMatchObject({
      role: 'fineGrained',
      global: ['inference.serverless.write'],
      scoped: [],
      canReadGatedRepos: false,
    });
    expect(ignored).toEqual([]);
  });

  it('takes repeated and comma-separated permissions, in the form’s order, once each', () => {
    const { state } = formFromSearch(
      '?ownUserPermissions=repo.write,repo.content.read&ownUserPermissions=repo.write&canReadGatedRepos=true&tokenName=ci',
    );
    expect(state).toMatchObject({
      name: 'ci',
      role: 'fineGrained',
      global: ['repo.content.read', 'repo.write'],
      canReadGatedRepos: true,
    });
  });

  it('applies a preset to the organizations it names', () => {
    const { state } = formFromSearch('?preset=inference&orgs=acme,beta');
    expect(state.preset).toBe('inference');
    expect(state.global).toEqual(['inference.serverless.write', 'inference.endpoints.infer.write']);
    expect(
      state.scoped.map(({ type, name, permissions }) => ({ type, name, permissions })),
    ).toEqual([
      { type: 'org', name: 'acme', permissions: ['inference.serverless.write'] },
      { type: 'org', name: 'beta', permissions: ['inference.serverless.write'] },
    ]);
  });

  it('leaves out what it does not know, and says so', () => {
    const { state, ignored } = formFromSearch(
      '?tokenType=admin&preset=everything&ownUserPermissions=repo.nuke,org.read',
    );
    expect(state.global).toEqual([]);
    expect(ignored).toEqual(['tokenType=admin', 'preset=everything', 'repo.nuke', 'org.read']);
  });

  it('without a query, starts a fine-grained token expiring in 30 days', () => {
    expect(formFromSearch('').state).toEqual(emptyForm());
    expect(emptyForm()).toMatchObject({ role: 'fineGrained', expiry: '30' });
  });
});

describe('withPreset', () => {
  it.each([
    ['read-only', ['repo.content.read', 'collection.read'], true],
    [
      'write',
      [
        'repo.content.read',
        'repo.write',
        'discussion.write',
        'collection.read',
        'collection.write',
      ],
      true,
    ],
    ['inference', ['inference.serverless.write', 'inference.endpoints.infer.write'], false],
    ['ci-cd', ['repo.content.read', 'repo.write', 'job.write'], false],
  ] as const)('%s fills the account permissions', (id, global, gated) => {
    expect(withPreset(aForm({ role: 'read' }), id)).toMatchObject({
      role: 'fineGrained',
      preset: id,
      global,
      canReadGatedRepos: gated,
    });
  });

  it('gives each scoped entry only what applies to its kind', () => {
    const state = withPreset(
      aForm({ scoped: [scopedRow('org', 'acme'), scopedRow('model', 'acme/bert')] }),
      'write',
    );
    expect(state.scoped.map((row) => row.permissions)).toEqual([
      ['repo.content.read', 'repo.write', 'discussion.write', 'collection.read', 'org.read'],
      ['repo.content.read', 'repo.write', 'discussion.write'],
    ]);
  });
});

describe('createBody', () => {
  it('builds a fine-grained body with global and scoped permissions and an expiry in days', () => {
    const state = aForm({
      global: ['repo.content.read'],
      scoped: [scopedRow('model', ' acme/bert ', ['repo.write'])],
      canReadGatedRepos: true,
      expiry: '7',
    });
    expect(createBody(state, TODAY)).toEqual({
      body: {
        name: 'deploy',
        role: 'fineGrained',
        fineGrained: {
          global: ['repo.content.read'],
          scoped: [{ entity: { type: 'model', name: 'acme/bert' }, permissions: ['repo.write'] }],
          canReadGatedRepos: true,
        },
        expiresInDays: 7,
      },
    });
  });

  it('sends no permissions for read and write tokens, and no expiry for "none"', () => {
    expect(
      createBody(aForm({ role: 'write', global: ['repo.write'], expiry: 'none' }), TODAY),
    ).toEqual({ body: { name: 'deploy', role: 'write' } });
  });

  it('sends a custom date as expiresAt, and refuses today or an empty date', () => {
    expect(
      createBody(aForm({ role: 'read', expiry: 'custom', expiresOn: '2027-01-31' }), TODAY),
    ).toEqual({ body: { name: 'deploy', role: 'read', expiresAt: '2027-01-31' } });
    expect(createBody(aForm({ role: 'read', expiry: 'custom', expiresOn: TODAY }), TODAY)).toEqual({
      problems: [{ field: 'expiresOn', message: 'Pick a date after today' }],
    });
    expect(createBody(aForm({ role: 'read', expiry: 'custom' }), TODAY)).toEqual({
      problems: [{ field: 'expiresOn', message: 'Pick a date' }],
    });
  });

  it('names every problem of the form before anything is sent', () => {
    const state = aForm({
      name: ' ',
      scoped: [scopedRow('dataset', 'squad', [])],
    });
    expect(createBody(state, TODAY)).toEqual({
      problems: [
        { field: 'name', message: 'Must not be empty' },
        {
          field: 'scoped.0.name',
          message: 'A dataset is named owner/name, e.g. acme/data',
        },
        {
          field: 'scoped.0.permissions',
          message: 'Tick at least one permission, or remove this entry',
        },
      ],
    });
    expect(createBody(aForm(), TODAY)).toEqual({
      problems: [
        {
          field: 'fineGrained',
          message: 'Give the token at least one permission, or pick a preset',
        },
      ],
    });
  });
});

describe('entityNameProblem', () => {
  it.each([
    ['org', 'acme', null],
    ['org', 'ac me', 'An organization name has no spaces or slashes'],
    ['user', 'alice/x', 'A user name has no spaces or slashes'],
    ['model', 'acme/bert', null],
    ['space', 'demo', 'A space is named owner/name, e.g. acme/data'],
    ['model', '', 'Type a name'],
  ] as const)('%s %j → %j', (type, name, problem) => {
    expect(entityNameProblem(type, name)).toBe(problem);
  });
});

describe('permission lists', () => {
  it('toggles keep the form’s order', () => {
    expect(toggled(['repo.write'], 'repo.content.read', true)).toEqual([
      'repo.content.read',
      'repo.write',
    ]);
    expect(toggled(['repo.content.read', 'repo.write'], 'repo.content.read', false)).toEqual([
      'repo.write',
    ]);
  });

  it('offers on a repository only what applies to one', () => {
    expect(groupsFor('model').map((group) => group.id)).toEqual(['repositories', 'discussions']);
    expect(groupsFor('user').map((group) => group.id)).not.toContain('org');
    expect(groupsFor('org').map((group) => group.id)).not.toContain('webhooks');
  });
});
