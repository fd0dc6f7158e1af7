// What glibc's handling of a password hash's scrypt block costs, side by side in one run: child
// processes hash with Gatehouse's own function and default cost, two at a time (a two-core pod's
// sign-in spike) on top of a heap of small objects, under each malloc environment in turn, round
// after round. Prints each one's CPU per hash (user + system: page faults are system time) and
// its peak and settled resident memory, with the medians over the rounds. For
// docs/benchmarks.md's findings on the image's malloc environment.
//   node --require ./libs/testing/src/infra/register-swc.js tools/bench/hash-block-cost.ts [hashes per child] [rounds]
import { hashPassword, verifyPassword } from '@gatehouse/crypto';
import { execFileSync } from 'node:child_process';
import { IMAGE_MALLOC_ENVIRONMENT } from './gatehouse/image-node-options';
import { median } from './harness/trial';

const SIDES: Record<string, Record<string, string>> = {
  'glibc defaults (the block stays in its thread arena)': {},
  'mapped blocks, 4 KiB pages': { MALLOC_MMAP_THRESHOLD_: '1048576' },
  'the image (mapped blocks, huge pages asked for)': { ...IMAGE_MALLOC_ENVIRONMENT },
};

interface ChildResult {
  /** The small objects held through the run (reported, so they are kept until the end). */
  liveObjects: number;
  cpuMsPerHash: number;
  peakMiB: number;
  settledMiB: number;
}

async function child(hashes: number, stored: string): Promise<void> {
  // Live small objects, as a service's heap holds, so the malloc arenas are not empty.
  const heap = Array.from({ length: 20_000 }, (_, i) => ({ text: 'x'.repeat(i % 100) }));
  let peak = 0;
  const cpuBefore = process.cpuUsage();
  const lane = async () => {
    for (let i = 0; i < hashes / 2; i += 1) {
      await verifyPassword('bench-password', stored);
      peak = Math.max(peak, process.memoryUsage.rss());
    }
  };
  await Promise.all([lane(), lane()]);
  const cpu = process.cpuUsage(cpuBefore);
  const result: ChildResult = {
    liveObjects: heap.length,
    cpuMsPerHash: (cpu.user + cpu.system) / 1000 / hashes,
    peakMiB: peak / 2 ** 20,
    settledMiB: process.memoryUsage.rss() / 2 ** 20,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

async function main(): Promise<void> {
  const [mode, ...rest] = process.argv.slice(2);
  if (mode === '--child') return child(Number(rest[0]), rest[1]!);
  const hashes = Number(mode ?? 20);
  const rounds = Number(rest[0] ?? 3);
  const stored = await hashPassword('bench-password');
  const results = new Map<string, ChildResult[]>(Object.keys(SIDES).map((side) => [side, []]));
  for (let round = 1; round <= rounds; round += 1) {
    for (const [side, environment] of Object.entries(SIDES)) {
      const output = execFileSync(
        process.execPath,
        [...process.execArgv, __filename, '--child', String(hashes), stored],
        { env: { ...process.env, ...environment }, encoding: 'utf8' },
      );
      const result = JSON.parse(output) as ChildResult;
      results.get(side)!.push(result);
      process.stdout.write(
        `round ${round}: ${side}: ${result.cpuMsPerHash.toFixed(1)} ms CPU a hash, peak ${result.peakMiB.toFixed(1)} MiB, settled ${result.settledMiB.toFixed(1)} MiB\n`,
      );
    }
  }
  for (const [side, list] of results) {
    process.stdout.write(
      `median: ${side}: ${median(list.map((r) => r.cpuMsPerHash)).toFixed(1)} ms CPU a hash, peak ${median(list.map((r) => r.peakMiB)).toFixed(1)} MiB, settled ${median(list.map((r) => r.settledMiB)).toFixed(1)} MiB\n`,
    );
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
