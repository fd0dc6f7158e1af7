import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lockDataDir } from './data-dir-lock';

describe('lockDataDir', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'gatehouse-lock-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const lockFile = () => join(dir, 'gatehouse.lock');

  it('records this process and removes the file on release', () => {
    const release = lockDataDir(dir);
    expect(readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it('refuses a directory this process already holds, until released', () => {
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(
      `PGlite data directory ${dir} is already open in this process`,
    );
    release();
    lockDataDir(dir)();
  });

  it('refuses a directory held by another live process', () => {
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(lockFile(), String(holder.pid));
      expect(() => lockDataDir(dir)).toThrow(
        `PGlite data directory ${dir} is in use by process ${holder.pid}`,
      );
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('takes over a lock left by a process that died', () => {
    const dead = spawnSync(process.execPath, [
      '-e',
      'process.stdout.write(String(process.pid))',
    ]).stdout.toString();
    writeFileSync(lockFile(), dead);
    const release = lockDataDir(dir);
    expect(readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('takes over a lock bearing its own pid that it does not hold (a restarted container is pid 1 again)', () => {
    writeFileSync(lockFile(), String(process.pid));
    lockDataDir(dir)();
  });
});
