import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSeedFile } from './load-seed-file';
import { SeedError, formatSeedPath } from './seed.error';
import { parseSeedDocument } from './seed-schema';

const alice = {
  username: 'alice',
  email: 'alice@example.com',
  fullname: 'Alice',
  password: 'password-1',
};

function issuesOf(data: unknown): string[] {
  try {
    parseSeedDocument(data);
  } catch (error) {
    if (error instanceof SeedError) return error.issues.map((i) => `${i.path}: ${i.message}`);
    throw error;
  }
  throw new Error('expected the seed to be refused');
}

describe('seed document schema', () => {
  it('fills defaults for absent lists and optional fields', () => {
    expect(
      parseSeedDocument({
        users: [alice],
        organizations: [{ name: 'acme', fullname: 'Acme', plan: 'team' }],
      }),
    ).toEqual({
      users: [{ ...alice, isPro: false, platformAdmin: false }],
      organizations: [{ name: 'acme', fullname: 'Acme', plan: 'team', members: [] }],
      apps: [],
      accessTokens: [],
      jobs: [],
      trustedPublishers: [],
    });
    expect(parseSeedDocument(null).users).toEqual([]);
  });

  it('defaults a token-exchange duration to 8 hours', () => {
    const seed = parseSeedDocument({
      apps: [{ name: 'x', owner: 'acme', tokenExchange: { organization: 'acme' } }],
    });
    expect(seed.apps[0]).toEqual({
      name: 'x',
      owner: 'acme',
      redirectUris: [],
      scopes: [],
      tokenExchange: { organization: 'acme', tokenDurationSeconds: 28800 },
    });
  });

  it('names the path of every invalid field', () => {
    expect(
      issuesOf({
        users: [alice, alice, { ...alice, username: 'carol', email: 'not-an-email' }],
        accessTokens: [{ user: 'alice', name: 't', role: 'admin', token: 'ghp_abcdefgh' }],
        jobs: [{ id: 'job-1', owner: 'alice', command: [] }],
        apps: [
          {
            name: 'x',
            owner: 'alice',
            redirectUris: ['not a url'],
            tokenExchange: { organization: 'acme', tokenDurationSeconds: 31 * 86400 },
          },
        ],
      }),
    ).toEqual([
      'users[2].email: Invalid email address',
      'apps[0].redirectUris[0]: Invalid URL',
      'apps[0].tokenExchange.tokenDurationSeconds: Too big: expected number to be <=2592000',
      'accessTokens[0].role: Invalid option: expected one of "read"|"write"',
      'accessTokens[0].token: Must be "hf_" followed by 22 to 128 letters or digits',
      'jobs[0].id: Must be 24 lower-case hex characters',
      'jobs[0].command: Too small: expected array to have >=1 items',
    ]);
  });

  it('refuses a token the bearer check would never accept, however hf_-like', () => {
    const seed = (token: string) => ({
      users: [alice],
      accessTokens: [{ user: 'alice', name: 't', role: 'read', token }],
    });
    const refusal = [
      'accessTokens[0].token: Must be "hf_" followed by 22 to 128 letters or digits',
    ];
    expect(issuesOf(seed('hf_shortButAlnum'))).toEqual(refusal);
    expect(issuesOf(seed('hf_oauth_0123456789abcdefghijklmn'))).toEqual(refusal);
    expect(parseSeedDocument(seed('hf_0123456789abcdefghijklmn')).accessTokens).toEqual([
      { user: 'alice', name: 't', role: 'read', token: 'hf_0123456789abcdefghijklmn' },
    ]);
  });

  it('refuses unknown keys, so a typo does not pass silently', () => {
    expect(issuesOf({ users: [{ ...alice, is_pro: true }], webhooks: [] })).toEqual([
      'users[0]: Unrecognized key: "is_pro"',
      ': Unrecognized key: "webhooks"',
    ]);
  });

  it('refuses duplicates by natural key, case-insensitively for names', () => {
    expect(
      issuesOf({
        users: [alice, { ...alice, username: 'ALICE', email: 'other@example.com' }],
        organizations: [
          {
            name: 'acme',
            fullname: 'Acme',
            plan: 'free',
            members: [
              { username: 'alice', role: 'read' },
              { username: 'Alice', role: 'admin' },
            ],
          },
        ],
      }),
    ).toEqual([
      'users[1].username: Duplicate of users[0].username',
      'organizations[0].members[1].username: Duplicate of organizations[0].members[0].username',
    ]);
  });

  it('formats paths like property accessors', () => {
    expect(formatSeedPath(['users', 2, 'email'])).toBe('users[2].email');
    expect(formatSeedPath(['jobs', 0, 'env', 'MY-VAR'])).toBe('jobs[0].env["MY-VAR"]');
    expect(formatSeedPath([])).toBe('');
  });
});

describe('loadSeedFile', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'gatehouse-seed-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it('reads the demo seed', async () => {
    const seed = await loadSeedFile(join(__dirname, '../../seed/demo.yaml'));
    expect(seed.users.map((u) => u.username)).toEqual(['alice', 'bob']);
    expect(seed.organizations[0]).toMatchObject({ name: 'acme', plan: 'enterprise' });
    expect(
      seed.apps.map((a) => [
        a.name,
        a.clientSecret === undefined,
        a.tokenExchange?.organization ?? null,
      ]),
    ).toEqual([
      ['gatehouse-cli', true, null],
      ['demo-web-app', false, null],
      ['acme-token-exchange', false, 'acme'],
      ['huggingface_hub CLI', true, null],
      ['demo-space', false, null],
    ]);
  });

  it('reads JSON the same way as YAML', async () => {
    const path = write('seed.json', JSON.stringify({ users: [alice] }));
    expect((await loadSeedFile(path)).users).toEqual([
      { ...alice, isPro: false, platformAdmin: false },
    ]);
  });

  it('names the file and the path inside it', async () => {
    const path = write(
      'bad.yaml',
      'users:\n  - username: alice\n    email: nope\n    fullname: A\n    password: password-1\n',
    );
    await expect(loadSeedFile(path)).rejects.toThrow(
      `Invalid seed ${path}:\n  users[0].email: Invalid email address`,
    );
  });

  it('reports YAML syntax errors and unknown extensions', async () => {
    await expect(loadSeedFile(write('broken.yml', 'users: [\n'))).rejects.toThrow(/Not valid YAML/);
    await expect(loadSeedFile(write('seed.toml', ''))).rejects.toThrow(
      'A seed file must end in .yaml, .yml or .json',
    );
    await expect(loadSeedFile(join(dir, 'missing.yaml'))).rejects.toThrow(/Cannot read the file/);
  });
});
