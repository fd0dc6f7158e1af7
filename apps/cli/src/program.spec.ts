import { execFileSync } from 'node:child_process';
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
