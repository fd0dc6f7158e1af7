import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// bin/gatehouse.mjs (`npx gatehouse` from a checkout), run in a scratch copy of its surroundings:
// a stand-in CLI that prints its arguments, and a stand-in build that writes it.
const BIN = join(__dirname, '..', '..', 'bin', 'gatehouse.mjs');
const CLI = 'process.stdout.write("cli " + process.argv.slice(2).join(" ") + "\\n");';

describe('bin/gatehouse.mjs', () => {
  let root: string;
  const cli = () => join(root, 'dist', 'apps', 'cli', 'src', 'main.js');
  const run = (...args: string[]) =>
    execFileSync(process.execPath, [join(root, 'bin', 'gatehouse.mjs'), ...args], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'gatehouse-bin-'));
    mkdirSync(join(root, 'bin'));
    mkdirSync(join(root, 'tools'));
    copyFileSync(BIN, join(root, 'bin', 'gatehouse.mjs'));
    writeFileSync(
      join(root, 'tools', 'build.mjs'),
      `import { mkdirSync, writeFileSync } from 'node:fs';
       import { dirname } from 'node:path';
       console.log('built');
       mkdirSync(dirname(${JSON.stringify(cli())}), { recursive: true });
       writeFileSync(${JSON.stringify(cli())}, ${JSON.stringify(CLI)});`,
    );
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('runs the built CLI with its arguments, its stdout alone on stdout', () => {
    mkdirSync(join(root, 'dist', 'apps', 'cli', 'src'), { recursive: true });
    writeFileSync(cli(), CLI);
    expect(run('--version')).toBe('cli --version\n');
  });

  it('builds first when dist/ lacks the CLI, the build report kept off stdout', () => {
    expect(existsSync(cli())).toBe(false);
    expect(run('webhooks', 'list')).toBe('cli webhooks list\n');
    expect(existsSync(cli())).toBe(true);
  });
});
