import { WORKSPACE_ROOT } from '@gatehouse/testing';
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const SDK_ROOT = join(WORKSPACE_ROOT, 'libs', 'sdk');

export interface BuiltSdk {
  /** A scratch project whose `node_modules/@gatehouse/sdk` is the built package. */
  projectDir: string;
  packageDir: string;
}

/**
 * Compiles the SDK with its own tsconfig.build.json (as `npm run build -w libs/sdk` does) into a
 * scratch project's node_modules, so scripts placed in that project import `@gatehouse/sdk` as
 * a user's would: the JavaScript the package ships, not the workspace's TypeScript. Nothing is
 * written to libs/sdk/dist, which parallel runs may be building.
 */
export async function buildSdkIntoScratchProject(): Promise<BuiltSdk> {
  const projectDir = await mkdtemp(join(tmpdir(), 'gatehouse-sdk-e2e-'));
  const packageDir = join(projectDir, 'node_modules', '@gatehouse', 'sdk');
  await mkdir(packageDir, { recursive: true });
  const tsc = join(WORKSPACE_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  await promisify(execFile)(
    process.execPath,
    [tsc, '-p', join(SDK_ROOT, 'tsconfig.build.json'), '--outDir', join(packageDir, 'dist')],
    { cwd: SDK_ROOT },
  );
  await copyFile(join(SDK_ROOT, 'package.json'), join(packageDir, 'package.json'));
  return { projectDir, packageDir };
}

/** Copies a script from e2e/sdk/fixtures into the scratch project; returns its new path. */
export async function placeFixture(built: BuiltSdk, name: string): Promise<string> {
  const target = join(built.projectDir, name);
  await copyFile(join(WORKSPACE_ROOT, 'e2e', 'sdk', 'fixtures', name), target);
  return target;
}
