import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '../../..');

/** The packages a fresh process has loaded after building the CLI's command tree, as `gatehouse --help` does. */
function packagesLoadedByTheCommandTree(): string[] {
  const script = `
    require(${JSON.stringify(join(root, 'apps/cli/src/program.ts'))});
    const names = new Set();
    for (const file of Object.keys(require.cache)) {
      const match = /node_modules\\/((?:@[^/]+\\/)?[^/]+)/.exec(file);
      if (match) names.add(match[1]);
    }
    process.stdout.write(JSON.stringify([...names].sort()));`;
  const output = execFileSync(
    process.execPath,
    ['--require', join(root, 'libs/testing/src/infra/register-swc.js'), '-e', script],
    { cwd: root },
  );
  return JSON.parse(output.toString()) as string[];
}

describe('the CLI command tree', () => {
  it('loads only commander and the client library until a command runs', () => {
    // Each command imports its database, server or validation dependencies when it runs, so
    // `gatehouse --help` (and `auth login`) start without TypeORM, Nest or zod.
    expect(packagesLoadedByTheCommandTree().filter((name) => !name.startsWith('@swc/'))).toEqual([
      'commander',
    ]);
  });
});

describe('gatehouse --version', () => {
  it('prints the version of the package.json above it', async () => {
    const { buildProgram } = await import('./program');
    const out: string[] = [];
    const program = buildProgram({ out: (text) => out.push(text), err: (text) => out.push(text) });
    program.exitOverride();
    await expect(program.parseAsync(['node', 'gatehouse', '--version'])).rejects.toMatchObject({
      code: 'commander.version',
    });
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(out).toEqual([version]);
  });
});

describe('cliVersion', () => {
  it('says unknown where no package.json is above', async () => {
    const { cliVersion } = await import('./cli-version');
    expect(cliVersion('/')).toBe('unknown');
  });
});

describe('the exit status', () => {
  /** Runs `gatehouse ...args` as a process, with no stored login and no server behind the endpoint. */
  function gatehouse(...args: string[]): { status: number | null; stderr: string } {
    const result = spawnSync(
      process.execPath,
      [
        '--require',
        join(root, 'libs/testing/src/infra/register-swc.js'),
        join(root, 'apps/cli/src/main.ts'),
        ...args,
      ],
      {
        cwd: root,
        env: {
          PATH: process.env.PATH,
          XDG_CONFIG_HOME: '/nonexistent',
          GATEHOUSE_ENDPOINT: 'http://127.0.0.1:9',
          GATEHOUSE_TOKEN: 'hf_unused',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    return { status: result.status, stderr: result.stderr.toString() };
  }

  it('is 2 for input the CLI cannot act on, with what to fix', () => {
    expect(gatehouse('tokens', 'create', '--name', 'ci', '--expires', 'soon')).toEqual({
      status: 2,
      stderr: 'gatehouse: --expires soon: one of 7d, 30d, 90d, a date (YYYY-MM-DD) or never\n',
    });
    const badRole = gatehouse('tokens', 'create', '--name', 'ci', '--role', 'admin');
    expect(badRole.status).toBe(2);
    expect(badRole.stderr).toContain(
      "argument 'admin' is invalid. Allowed choices are read, write, fine-grained.",
    );
    expect(badRole.stderr).not.toContain('gatehouse: ');
    expect(gatehouse('tokens', 'revoke', 'laptop')).toEqual({
      status: 2,
      stderr:
        'gatehouse: Refusing to revoke “laptop” without confirmation: no terminal to ask on; pass --yes\n',
    });
  });

  it('is 1 when the request fails', () => {
    const failed = gatehouse('tokens', 'list');
    expect(failed.status).toBe(1);
    expect(failed.stderr).toMatch(/^gatehouse: /);
  });
});
