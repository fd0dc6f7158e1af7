import { Command } from 'commander';
import type { TokenTestApp } from '@gatehouse/feature-auth/testing';
import type { AdminMemberView, AdminUsersPage, AdminUserView } from '@gatehouse/settings-api';
import { UsageError } from '../../usage.error';
import type { StoredLogin } from '../auth/stored-login';
import { adminCommand } from '../admin.command';
import type { AdminCliDeps } from './admin-connection';
import { adminOrgsCommand } from './admin-orgs.command';
import { adminUsersCommand } from './admin-users.command';

describe('gatehouse admin users and orgs, against the admin API', () => {
  let app: TokenTestApp & { adminToken: string };
  let nobodyToken: string;

  beforeAll(async () => {
    // Imported here: the CLI loads feature-auth lazily (admin.action.ts), and lint keeps it so.
    const { startAdminTestApp } = await import('@gatehouse/feature-auth/testing');
    app = await startAdminTestApp();
    const nobody = await app.seedUser('nobody');
    nobodyToken = await app.seedPersonalToken(nobody.id, 'write', 'nobody laptop');
  });

  afterAll(async () => {
    await app?.close();
  });

  /**
   * The CLI signed in as the administrator with `gatehouse auth login` (its stored login), or,
   * given another token, with that one in HF_TOKEN as in CI; `stdin` is what --password-stdin reads.
   */
  function cli(token?: string, stdin = '') {
    const out: string[] = [];
    const err: string[] = [];
    const login: StoredLogin = {
      read: async () => ({
        endpoint: app.url,
        clientId: 'personal-token',
        accessToken: app.adminToken,
      }),
      accessToken: async () => app.adminToken,
    };
    const deps: Partial<AdminCliDeps> = {
      env: token === undefined ? {} : { GATEHOUSE_ENDPOINT: app.url, HF_TOKEN: token },
      login,
      prompt: { interactive: () => false, hidden: async () => '', confirm: async () => false },
      readStdin: async () => stdin,
    };
    const io = { out: (text: string) => out.push(text), err: (text: string) => err.push(text) };
    const program = new Command('gatehouse').exitOverride();
    const admin = new Command('admin');
    admin.addCommand(adminUsersCommand(io, deps));
    admin.addCommand(adminOrgsCommand(io, deps));
    program.addCommand(admin);
    return {
      run: (...args: string[]) => program.parseAsync(['node', 'gatehouse', 'admin', ...args]),
      out,
      err,
      json: <T>() => JSON.parse(out.join('\n')) as T,
    };
  }

  const whoami = (token: string) =>
    fetch(`${app.url}/api/whoami-v2`, { headers: { authorization: `Bearer ${token}` } });

  it('keeps seed and migrate beside users and orgs', () => {
    const names = adminCommand({ out: () => undefined, err: () => undefined }).commands.map((c) =>
      c.name(),
    );
    expect(names).toEqual(expect.arrayContaining(['migrate', 'seed', 'users', 'orgs']));
  });

  it('creates a user with a password from stdin, finds, lists, confirms, disables, enables, signs out and deletes them', async () => {
    const create = cli(undefined, 'a-long-password\n');
    await create.run(
      'users',
      'create',
      'ada',
      '--email',
      'ada@example.com',
      '--password-stdin',
      '--json',
    );
    const ada = create.json<AdminUserView>();
    expect(ada).toMatchObject({
      username: 'ada',
      email: 'ada@example.com',
      emailConfirmedAt: null,
    });
    const [row] = await app.dataSource.query(`SELECT password_hash FROM users WHERE id = $1`, [
      ada.id,
    ]);
    expect(row.password_hash).toMatch(/^scrypt\$/);

    const info = cli();
    await info.run('users', 'info', 'ada@example.com');
    expect(info.out.join('\n')).toContain(`ada (${ada.id})`);

    const list = cli();
    await list.run('users', 'ls', '--search', 'ada', '--json');
    expect(list.json<AdminUsersPage>().users.map((u) => u.username)).toEqual(['ada']);
    const table = cli();
    await table.run('users', 'ls', '--limit', '1');
    expect(table.out.join('\n')).toMatch(/^ID\s+USERNAME\s+E-MAIL\s+STATE\n.*\nMore: --after \S+$/);

    const confirm = cli();
    await confirm.run('users', 'confirm-email', 'ada', '--json');
    expect(confirm.json<AdminUserView>().emailConfirmedAt).toEqual(expect.any(String));

    const adaToken = await app.seedPersonalToken(ada.id, 'write', 'ada laptop');
    expect((await whoami(adaToken)).status).toBe(200);
    const disable = cli();
    await disable.run('users', 'disable', 'ada');
    expect(disable.out).toEqual(['Disabled ada.']);
    expect((await whoami(adaToken)).status).toBe(401);
    await cli().run('users', 'enable', 'ada');
    expect((await whoami(adaToken)).status).toBe(200);

    const end = cli();
    await end.run('users', 'end-sessions', 'ada');
    expect(end.out).toEqual([
      'Ended every session of ada: 0 refresh and 0 access token(s) revoked.',
    ]);
    const reset = cli();
    await reset.run('users', 'reset-factors', 'ada', '--json');
    expect(reset.json()).toEqual({
      factorsRemoved: {},
      sessionsEnded: true,
      refreshTokensRevoked: 0,
      accessTokensRevoked: 0,
    });

    await expect(cli().run('users', 'delete', 'ada')).rejects.toThrow(
      'Refusing to delete ada without confirmation: no terminal to ask on; pass --yes',
    );
    const del = cli();
    await del.run('users', 'delete', 'ada', '--yes');
    expect(del.out).toEqual(['Deleted ada.']);
    expect((await whoami(adaToken)).status).toBe(401);
    await expect(cli().run('users', 'info', 'ada')).rejects.toThrow('404 No user ada');
  });

  it('manages an organization’s members and roles', async () => {
    await app.seedUser('grace');
    await app.seedUser('linus');
    const create = cli();
    await create.run('orgs', 'create', 'compilers', '--plan', 'team', '--admin', 'grace');
    expect(create.out).toEqual([
      expect.stringMatching(/^Created compilers \([0-9a-f]{24}, team\)\.$/),
    ]);

    const add = cli();
    await add.run('orgs', 'add-member', 'compilers', 'linus', '--role', 'read');
    expect(add.out.join('\n')).toMatch(/^USERNAME\s+ROLE\ngrace\s+admin\nlinus\s+read$/);
    await cli().run('orgs', 'set-role', 'compilers', 'linus', '--role', 'admin');
    await cli().run('orgs', 'set-role', 'compilers', 'grace', '--role', 'write');
    const members = cli();
    await members.run('orgs', 'members', 'compilers', '--json');
    expect(members.json<AdminMemberView[]>().map((m) => `${m.username}:${m.role}`)).toEqual([
      'grace:write',
      'linus:admin',
    ]);
    await expect(cli().run('orgs', 'remove-member', 'compilers', 'linus')).rejects.toThrow(
      /^409 linus is the only administrator of compilers/,
    );
    const remove = cli();
    await remove.run('orgs', 'remove-member', 'compilers', 'grace');
    expect(remove.out).toEqual(['Removed grace from compilers.']);
  });

  it('exits with a usage error (status 2) on bad input, the CLI’s or the API’s', async () => {
    await expect(cli().run('users', 'ls', '--limit', '0')).rejects.toThrow(UsageError);
    await expect(
      cli().run('orgs', 'add-member', 'compilers', 'linus', '--role', 'owner'),
    ).rejects.toThrow(UsageError);
    await expect(cli().run('users', 'create', 'x')).rejects.toThrow(UsageError);
    await expect(
      cli().run('users', 'create', 'bad name', '--email', 'bad@example.com'),
    ).rejects.toThrow(UsageError);
    await expect(
      cli(undefined, '').run(
        'users',
        'create',
        'y',
        '--email',
        'y@example.com',
        '--password-stdin',
      ),
    ).rejects.toThrow('--password-stdin: standard input was empty');
  });

  it('prints the API’s refusal of someone who is no administrator', async () => {
    await expect(cli(nobodyToken).run('users', 'ls')).rejects.toThrow(
      '403 Only platform administrators may use the admin API',
    );
    await expect(cli(nobodyToken).run('orgs', 'create', 'mine')).rejects.toThrow(
      '403 Only platform administrators may use the admin API',
    );
  });
});
