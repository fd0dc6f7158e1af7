import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

export const SDK_ROOT = resolve(__dirname, '../..');
const REPO_ROOT = resolve(SDK_ROOT, '../..');

export interface BuiltPackage {
  /** A scratch project whose `node_modules/@gatehouse/sdk` is the built package. */
  projectDir: string;
  packageDir: string;
}

/**
 * Builds the SDK with its own tsconfig.build.json into a scratch project's node_modules, with
 * the files `npm pack` would ship, so scripts import `@gatehouse/sdk` as a user's would.
 */
export async function buildPackageIntoScratchProject(): Promise<BuiltPackage> {
  const projectDir = await mkdtemp(join(tmpdir(), 'gatehouse-sdk-'));
  const packageDir = join(projectDir, 'node_modules', '@gatehouse', 'sdk');
  await mkdir(packageDir, { recursive: true });
  const tsc = join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  await promisify(execFile)(
    process.execPath,
    [tsc, '-p', join(SDK_ROOT, 'tsconfig.build.json'), '--outDir', join(packageDir, 'dist')],
    {
      cwd: SDK_ROOT,
    },
  );
  for (const entry of ['package.json', 'README.md', 'examples']) {
    await cp(join(SDK_ROOT, entry), join(packageDir, entry), { recursive: true });
  }
  return { projectDir, packageDir };
}

/** Type-checks `file` strictly against the built declarations. */
export async function typeCheck(projectDir: string, file: string): Promise<void> {
  const tsc = join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  await promisify(execFile)(
    process.execPath,
    [
      tsc,
      '--noEmit',
      '--strict',
      '--skipLibCheck',
      '--target',
      'ES2022',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--types',
      'node',
      '--typeRoots',
      join(REPO_ROOT, 'node_modules', '@types'),
      file,
    ],
    { cwd: projectDir },
  );
}
