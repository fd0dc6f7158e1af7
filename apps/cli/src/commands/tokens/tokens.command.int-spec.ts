import { Command } from 'commander';
import type { TokenTestApp } from '@gatehouse/feature-auth/testing';
import type { CreatedPersonalToken, PersonalTokenView } from '@gatehouse/settings-api';
import { UsageError } from '../../usage.error';
import type { StoredLogin } from '../auth/stored-login';
import { tokensCommand } from './tokens.command';

describe('gatehouse tokens, against the auth service', () => {
  let app: TokenTestApp;
  let adaWrite: string;

  beforeAll(async () => {
    // Imported here: the CLI loads feature-auth lazily (admin.action.ts), and lint keeps it so.
    const { startTokenTestApp } = await import('@gatehouse/feature-auth/testing');
    app = await startTokenTestApp();
    const ada = await app.seedUser('ada');
    const acme = await app.seedOrg('acme', 'team');
    await app.seedMembership(acme.id, ada.id, 'admin');
    adaWrite = await app.seedPersonalToken(ada.id, 'write', 'ada laptop');
  });

  afterAll(async () => {
    await app?.close();
  });

  /** The CLI signed in with `gatehouse auth login --token`: the stored login is used. */
  function cli() {
    const out: string[] = [];
    const err: string[] = [];
    const login: StoredLogin = {
      read: async () => ({ endpoint: app.url, clientId: 'personal-token', accessToken: adaWrite }),
      accessToken: async () => adaWrite,
    };
    const program = new Command('gatehouse').exitOverride();
    program.addCommand(
      tokensCommand(
        { out: (text) => out.push(text), err: (text) => err.push(text) },
        {
          env: {},
          login,
          prompt: {
            interactive: () => false,
            hidden: async () => '',
            confirm: async () => false,
          },
        },
      ),
    );
    return {
      run: (...args: string[]) => program.parseAsync(['node', 'gatehouse', 'tokens', ...args]),
      out,
      err,
    };
  }

  const whoami = (token: string) =>
    fetch(`${app.url}/api/whoami-v2`, { headers: { authorization: `Bearer ${token}` } });

  it('creates a fine-grained token whose whoami-v2 has the Hub’s shape, lists, refreshes and revokes it', async () => {
    const create = cli();
    await create.run(
      'create',
      '--name',
      'deploy acme',
      '--permission',
      'inference.serverless.write',
      '--scope',
      'org:acme=repo.content.read,repo.write',
      '--expires',
      '7d',
      '--quiet',
    );
    expect(create.out).toHaveLength(1);
    const value = create.out[0]!;
    expect(value).toMatch(/^hf_[0-9A-Za-z]{30,}$/);
    const me = await whoami(value);
    expect(me.status).toBe(200);
    const auth = ((await me.json()) as { auth: { expiresAt: string } }).auth;
    const days = (Date.parse(auth.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    expect(auth).toEqual({
      type: 'access_token',
      expiresAt: auth.expiresAt,
      accessToken: {
        displayName: 'deploy acme',
        role: 'fineGrained',
        createdAt: expect.any(String),
        expiration: auth.expiresAt,
        fineGrained: {
          global: ['inference.serverless.write'],
          scoped: [
            {
              entity: { _id: expect.any(String), type: 'org', name: 'acme' },
              permissions: ['repo.content.read', 'repo.write'],
            },
          ],
          canReadGatedRepos: false,
        },
      },
    });

    const list = cli();
    await list.run('list', '--json');
    const listed = JSON.parse(list.out.join('\n')) as PersonalTokenView[];
    const deploy = listed.find((token) => token.name === 'deploy acme')!;
    expect(deploy).toMatchObject({ role: 'fineGrained', preview: `hf_…${value.slice(-4)}` });
    const table = cli();
    await table.run('list');
    expect(table.out.join('\n')).toMatch(
      new RegExp(`${deploy.id}\\s+deploy acme\\s+fine-grained\\s+hf_…${value.slice(-4)}\\s+never`),
    );

    const refresh = cli();
    await refresh.run('refresh', 'deploy acme', '--json');
    const refreshed = JSON.parse(refresh.out.join('\n')) as CreatedPersonalToken;
    expect(refreshed).toMatchObject({ id: deploy.id, name: 'deploy acme', role: 'fineGrained' });
    expect((await whoami(value)).status).toBe(401);
    expect((await whoami(refreshed.token)).status).toBe(200);

    const unconfirmed = cli();
    await expect(unconfirmed.run('revoke', deploy.id)).rejects.toThrow(UsageError);
    expect((await whoami(refreshed.token)).status).toBe(200);

    const revoke = cli();
    await revoke.run('revoke', deploy.id, '--yes');
    expect(revoke.out).toEqual([
      `Revoked “deploy acme” (fine-grained, hf_…${refreshed.token.slice(-4)}).`,
    ]);
    expect((await whoami(refreshed.token)).status).toBe(401);
  });

  it('prints the API’s message when it refuses a grant', async () => {
    await expect(
      cli().run('create', '--name', 'bad', '--scope', 'org:elsewhere=repo.content.read'),
    ).rejects.toThrow('400 You are not a member of organization elsewhere');
  });

  it('refuses an ambiguous name, and refreshes by id', async () => {
    for (let i = 0; i < 2; i += 1)
      await cli().run('create', '--name', 'twin', '--role', 'read', '--quiet');
    await expect(cli().run('refresh', 'twin')).rejects.toThrow(
      /^2 tokens are named “twin”: give the id of one/,
    );
    const list = cli();
    await list.run('list', '--json');
    const twin = (JSON.parse(list.out.join('\n')) as PersonalTokenView[]).find(
      (token) => token.name === 'twin',
    )!;
    const refresh = cli();
    await refresh.run('refresh', twin.id, '--json');
    const refreshed = JSON.parse(refresh.out.join('\n')) as CreatedPersonalToken;
    expect(refreshed).toMatchObject({ id: twin.id, name: 'twin', role: 'read' });
    expect((await whoami(refreshed.token)).status).toBe(200);
  });
});
