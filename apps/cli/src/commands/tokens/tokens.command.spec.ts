import { Command } from 'commander';
import type { PersonalTokenView } from '@gatehouse/settings-api';
import { UsageError } from '../../usage.error';
import { NOBODY_LOGGED_IN } from '../auth/testing/fake-gatehouse';
import { createBodyOf, type CreateFlags, parseExpiry, parseScope } from './token-arguments';
import { tokensCommand, type TokensCliDeps } from './tokens.command';

const TODAY = '2026-11-27';

interface Call {
  method: string;
  url: string;
  authorization: string | null;
  body: unknown;
}

// The CLI loads the server's libraries lazily (lint forbids importing them here), so the view is spelled out.
const aToken = (overrides: Partial<PersonalTokenView> = {}): PersonalTokenView => ({
  id: '64b7f0c2a1b2c3d4e5f60718',
  name: 'laptop',
  role: 'write',
  fineGrained: null,
  preview: 'hf_…abcd',
  createdAt: '2026-11-01T00:00:00.000Z',
  expiresAt: null,
  expired: false,
  lastUsedAt: null,
  lastUsedFrom: null,
  approvals: [],
  ...overrides,
});

function harness(
  answer: (call: Call) => { status: number; body?: unknown },
  options: { interactive?: boolean; confirm?: boolean } = {},
) {
  const out: string[] = [];
  const err: string[] = [];
  const calls: Call[] = [];
  const asked: string[] = [];
  const deps: Partial<TokensCliDeps> = {
    env: { GATEHOUSE_ENDPOINT: 'http://gatehouse.test/', GATEHOUSE_TOKEN: 'hf_writeToken' },
    login: NOBODY_LOGGED_IN,
    today: () => TODAY,
    prompt: {
      interactive: () => options.interactive ?? false,
      hidden: async () => '',
      confirm: async (question) => {
        asked.push(question);
        return options.confirm ?? false;
      },
    },
    fetch: async (url, init) => {
      const call = {
        method: init.method ?? 'GET',
        url,
        authorization: new Headers(init.headers).get('authorization'),
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const { status, body } = answer(call);
      return new Response(status === 204 ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    },
  };
  const program = new Command('gatehouse').exitOverride();
  program.configureOutput({ writeErr: (s) => err.push(s), writeOut: (s) => out.push(s) });
  program.addCommand(tokensCommand({ out: (s) => out.push(s), err: (s) => err.push(s) }, deps));
  return {
    run: (...args: string[]) => program.parseAsync(['node', 'gatehouse', 'tokens', ...args]),
    out,
    err,
    calls,
    asked,
  };
}

const flags = (overrides: Partial<CreateFlags> = {}): CreateFlags => ({
  name: 'deploy',
  permission: [],
  scope: [],
  expires: '30d',
  ...overrides,
});

describe('token arguments', () => {
  it.each([
    [
      'org:acme=repo.content.read,repo.write',
      { type: 'org', name: 'acme' },
      ['repo.content.read', 'repo.write'],
    ],
    ['model:acme/bert=repo.write', { type: 'model', name: 'acme/bert' }, ['repo.write']],
    ['user:ada=user.webhooks.read', { type: 'user', name: 'ada' }, ['user.webhooks.read']],
  ])('--scope %s', (text, entity, permissions) => {
    expect(parseScope(text)).toEqual({ entity, permissions });
  });

  it.each([
    ['acme=repo.write', 'write it as <type>:<name>=<perm,perm>'],
    ['repo:acme/bert=repo.write', 'the type is one of user, org, model, dataset, space'],
    ['org:acme=', 'name at least one permission'],
    ['org:acme=Repo Write', "'Repo Write' is not a permission name"],
  ])('--scope %s is refused: %s', (text, message) => {
    expect(() => parseScope(text)).toThrow(UsageError);
    expect(() => parseScope(text)).toThrow(message);
  });

  it.each([
    ['7d', { expiresInDays: 7 }],
    ['30d', { expiresInDays: 30 }],
    ['90d', { expiresInDays: 90 }],
    ['2027-02-01', { expiresAt: '2027-02-01' }],
    ['never', 'never'],
  ])('--expires %s', (text, expiry) => {
    expect(parseExpiry(text, TODAY)).toEqual(expiry);
  });

  it.each([
    ['14d', 'one of 7d, 30d, 90d, a date (YYYY-MM-DD) or never'],
    ['2026-11-27', 'give a date after today'],
    ['2026-13-45', 'one of 7d, 30d, 90d'],
  ])('--expires %s is refused', (text, message) => {
    expect(() => parseExpiry(text, TODAY)).toThrow(message);
  });

  it('builds a fine-grained body from permissions and scopes, the role implied', () => {
    expect(
      createBodyOf(
        flags({
          permission: [['repo.content.read'], ['repo.content.read', 'inference.serverless.write']],
          scope: [parseScope('org:acme=repo.write')],
          readGatedRepos: true,
          expires: '7d',
        }),
        TODAY,
      ),
    ).toEqual({
      name: 'deploy',
      role: 'fineGrained',
      fineGrained: {
        global: ['repo.content.read', 'inference.serverless.write'],
        scoped: [{ entity: { type: 'org', name: 'acme' }, permissions: ['repo.write'] }],
        canReadGatedRepos: true,
      },
      expiresInDays: 7,
    });
  });

  it('builds read and write bodies, and refuses permissions on them or none on fine-grained', () => {
    expect(createBodyOf(flags({ expires: 'never' }), TODAY)).toEqual({
      name: 'deploy',
      role: 'read',
    });
    expect(createBodyOf(flags({ role: 'write' }), TODAY)).toEqual({
      name: 'deploy',
      role: 'write',
      expiresInDays: 30,
    });
    expect(() =>
      createBodyOf(flags({ role: 'write', permission: [['repo.write']] }), TODAY),
    ).toThrow(
      '--permission, --scope and --read-gated-repos are for --role fine-grained, not write',
    );
    expect(() => createBodyOf(flags({ role: 'fine-grained' }), TODAY)).toThrow(
      'A fine-grained token needs permissions',
    );
    expect(() => createBodyOf(flags({ name: '  ' }), TODAY)).toThrow('Give the token a name');
  });
});

describe('gatehouse tokens', () => {
  it('lists tokens as a table with preview, last use and expiry', async () => {
    const cli = harness(() => ({
      status: 200,
      body: [
        aToken(),
        aToken({
          id: '64b7f0c2a1b2c3d4e5f60719',
          name: 'deploy acme',
          role: 'fineGrained',
          preview: 'hf_…wxyz',
          lastUsedAt: '2026-11-26T10:00:00.000Z',
          lastUsedFrom: { address: '203.0.113.0/24', client: 'curl' },
          expiresAt: '2026-12-27T00:00:00.000Z',
        }),
      ],
    }));
    await cli.run('list');
    expect(cli.calls).toEqual([
      {
        method: 'GET',
        url: 'http://gatehouse.test/api/settings/tokens',
        authorization: 'Bearer hf_writeToken',
        body: undefined,
      },
    ]);
    expect(cli.out.join('\n')).toBe(
      [
        'ID                        NAME         ROLE          PREVIEW   LAST USED                                        EXPIRES',
        '64b7f0c2a1b2c3d4e5f60718  laptop       write         hf_…abcd  never                                            never',
        '64b7f0c2a1b2c3d4e5f60719  deploy acme  fine-grained  hf_…wxyz  2026-11-26T10:00:00.000Z (curl, 203.0.113.0/24)  2026-12-27T00:00:00.000Z',
      ].join('\n'),
    );
  });

  it('lists as JSON with --json', async () => {
    const cli = harness(() => ({ status: 200, body: [aToken()] }));
    await cli.run('list', '--json');
    expect(JSON.parse(cli.out.join('\n'))).toEqual([aToken()]);
  });

  it('creates a token and prints its value alone with --quiet', async () => {
    const cli = harness(() => ({
      status: 201,
      body: { ...aToken({ role: 'fineGrained' }), token: 'hf_newValue' },
    }));
    await cli.run(
      'create',
      '--name',
      'ci',
      '--scope',
      'model:acme/bert=repo.write',
      '--expires',
      '90d',
      '--quiet',
    );
    expect(cli.calls[0]).toMatchObject({
      method: 'POST',
      url: 'http://gatehouse.test/api/settings/tokens',
      body: {
        name: 'ci',
        role: 'fineGrained',
        fineGrained: {
          global: [],
          scoped: [{ entity: { type: 'model', name: 'acme/bert' }, permissions: ['repo.write'] }],
          canReadGatedRepos: false,
        },
        expiresInDays: 90,
      },
    });
    expect(cli.out).toEqual(['hf_newValue']);
  });

  it('says what to fix when the API refuses the request', async () => {
    const cli = harness(() => ({
      status: 400,
      body: { error: "Permission 'org.read' applies to an organization, not to your own account" },
    }));
    await expect(cli.run('create', '--name', 'x', '--permission', 'org.read')).rejects.toThrow(
      "400 Permission 'org.read' applies to an organization, not to your own account",
    );
  });

  it('refuses a bad --role, --scope or --expires as a usage error, before any request', async () => {
    const cli = harness(() => ({ status: 500 }));
    await expect(cli.run('create', '--name', 'x', '--role', 'admin')).rejects.toMatchObject({
      name: 'UsageError',
      reported: true,
    });
    expect(cli.err.join('\n')).toContain(
      "option '--role <role>' argument 'admin' is invalid. Allowed choices are read, write, fine-grained.",
    );
    await expect(cli.run('create', '--name', 'x', '--scope', 'org:acme')).rejects.toThrow(
      UsageError,
    );
    await expect(cli.run('create', '--name', 'x', '--expires', 'soon')).rejects.toThrow(
      '--expires soon: one of 7d, 30d, 90d, a date (YYYY-MM-DD) or never',
    );
    expect(cli.calls).toEqual([]);
  });

  it('refreshes a token by unique name and prints the new value', async () => {
    const cli = harness((call) =>
      call.method === 'GET'
        ? { status: 200, body: [aToken()] }
        : { status: 200, body: { ...aToken({ preview: 'hf_…efgh' }), token: 'hf_refreshed' } },
    );
    await cli.run('refresh', 'laptop');
    expect(cli.calls.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'GET http://gatehouse.test/api/settings/tokens',
      'POST http://gatehouse.test/api/settings/tokens/64b7f0c2a1b2c3d4e5f60718/refresh',
    ]);
    expect(cli.out.join('\n')).toBe(
      [
        'Refreshed “laptop” (write, hf_…efgh): the old value no longer works.',
        'Its new value, shown this once (store it now):',
        'hf_refreshed',
      ].join('\n'),
    );
  });

  it('refuses an ambiguous name with the ids to choose from', async () => {
    const cli = harness(() => ({
      status: 200,
      body: [aToken(), aToken({ id: '64b7f0c2a1b2c3d4e5f60719', preview: 'hf_…wxyz' })],
    }));
    const refused = cli.run('refresh', 'laptop');
    await expect(refused).rejects.toThrow(UsageError);
    await expect(refused).rejects.toThrow(
      '2 tokens are named “laptop”: give the id of one (64b7f0c2a1b2c3d4e5f60718 hf_…abcd, 64b7f0c2a1b2c3d4e5f60719 hf_…wxyz)',
    );
    expect(cli.calls).toHaveLength(1);
  });

  it('revokes after a yes on the terminal, and not after a no', async () => {
    const answer = (call: Call) =>
      call.method === 'GET' ? { status: 200, body: [aToken()] } : { status: 204 };
    const yes = harness(answer, { interactive: true, confirm: true });
    await yes.run('revoke', '64b7f0c2a1b2c3d4e5f60718');
    expect(yes.asked).toEqual([
      'Revoke “laptop” (write, hf_…abcd)? Anything using it stops working. [y/N] ',
    ]);
    expect(yes.calls.map(({ method }) => method)).toEqual(['GET', 'DELETE']);
    expect(yes.out).toEqual(['Revoked “laptop” (write, hf_…abcd).']);

    const no = harness(answer, { interactive: true, confirm: false });
    await no.run('revoke', 'laptop');
    expect(no.calls.map(({ method }) => method)).toEqual(['GET']);
    expect(no.err).toEqual(['Not revoked.']);
  });

  it('without a terminal, revokes only with --yes', async () => {
    const answer = (call: Call) =>
      call.method === 'GET' ? { status: 200, body: [aToken()] } : { status: 204 };
    const ci = harness(answer);
    await expect(ci.run('revoke', 'laptop')).rejects.toThrow(
      'Refusing to revoke “laptop” without confirmation: no terminal to ask on; pass --yes',
    );
    expect(ci.calls).toEqual([]);
    await ci.run('revoke', 'laptop', '--yes');
    expect(ci.calls.map(({ method }) => method)).toEqual(['GET', 'DELETE']);
  });
});
