import {
  createBody,
  emptyForm,
  entityNameProblem,
  formFromSearch,
  grantBody,
  scopedRow,
  stateOfGrant,
  type TokenFormState,
  toggled,
  withPreset,
} from './token-form-state';
import { groupsFor } from './token-permissions';

const TODAY = '2026-11-27';
const OWNER = 'alice';

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
      own: ['inference.serverless.write'],
      global: [],
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
      own: ['repo.content.read', 'repo.write'],
      canReadGatedRepos: true,
    });
  });

  it('applies a preset to the organizations it names', () => {
    const { state } = formFromSearch('?preset=inference&orgs=acme,beta');
    expect(state.preset).toBe('inference');
    expect(state.own).toEqual(['inference.serverless.write', 'inference.endpoints.infer.write']);
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
    expect(state.own).toEqual([]);
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
  ] as const)('%s fills the account permissions', (id, own, gated) => {
    expect(withPreset(aForm({ role: 'read' }), id)).toMatchObject({
      role: 'fineGrained',
      preset: id,
      own,
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
  it('builds a fine-grained body: your account as a user entry naming you, as the Hub writes it', () => {
    const state = aForm({
      own: ['repo.content.read'],
      scoped: [scopedRow('model', ' acme/bert ', ['repo.write'])],
      canReadGatedRepos: true,
      expiry: '7',
    });
    expect(createBody(state, TODAY, OWNER)).toEqual({
      body: {
        name: 'deploy',
        role: 'fineGrained',
        fineGrained: {
          global: [],
          scoped: [
            { entity: { type: 'user', name: 'alice' }, permissions: ['repo.content.read'] },
            { entity: { type: 'model', name: 'acme/bert' }, permissions: ['repo.write'] },
          ],
          canReadGatedRepos: true,
        },
        expiresInDays: 7,
      },
    });
  });

  it('reads a grant back the same way, keeping global permissions as they are', () => {
    const state = stateOfGrant(
      {
        global: ['discussion.write'],
        scoped: [
          { entity: { _id: 'u1', type: 'user', name: 'Alice' }, permissions: ['job.write'] },
          { entity: { _id: 'o1', type: 'org', name: 'acme' }, permissions: ['org.read'] },
        ],
        canReadGatedRepos: false,
      },
      OWNER,
    );
    expect(state).toMatchObject({
      own: ['job.write'],
      global: ['discussion.write'],
      scoped: [{ type: 'org', name: 'acme', permissions: ['org.read'] }],
    });
    expect(grantBody(state, OWNER)).toEqual({
      global: ['discussion.write'],
      scoped: [
        { entity: { type: 'user', name: 'alice' }, permissions: ['job.write'] },
        { entity: { type: 'org', name: 'acme' }, permissions: ['org.read'] },
      ],
      canReadGatedRepos: false,
    });
  });

  it('sends no permissions for read and write tokens, and no expiry for "none"', () => {
    expect(
      createBody(aForm({ role: 'write', global: ['repo.write'], expiry: 'none' }), TODAY, OWNER),
    ).toEqual({ body: { name: 'deploy', role: 'write' } });
  });

  it('sends a custom date as expiresAt, and refuses today or an empty date', () => {
    expect(
      createBody(aForm({ role: 'read', expiry: 'custom', expiresOn: '2027-01-31' }), TODAY, OWNER),
    ).toEqual({ body: { name: 'deploy', role: 'read', expiresAt: '2027-01-31' } });
    expect(
      createBody(aForm({ role: 'read', expiry: 'custom', expiresOn: TODAY }), TODAY, OWNER),
    ).toEqual({
      problems: [{ field: 'expiresOn', message: 'Pick a date after today' }],
    });
    expect(createBody(aForm({ role: 'read', expiry: 'custom' }), TODAY, OWNER)).toEqual({
      problems: [{ field: 'expiresOn', message: 'Pick a date' }],
    });
  });

  it('names every problem of the form before anything is sent', () => {
    const state = aForm({
      name: ' ',
      scoped: [scopedRow('dataset', 'squad', [])],
    });
    expect(createBody(state, TODAY, OWNER)).toEqual({
      problems: [
        { field: 'name', message: 'Give the token a name.' },
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
    expect(createBody(aForm(), TODAY, OWNER)).toEqual({
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
