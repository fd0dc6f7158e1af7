// Watches the auth service's memory through rounds of the password sign-in, returning-user, refresh
// and userinfo paths (8 connections, 8 s each), printing after each its peak RSS, split at that
// peak into anonymous memory (heap, malloc, scrypt's blocks) and file pages (the node binary, ICU),
// and the live V8 heap after the last full collection (--trace-gc): a live heap that grows round
// after round is a leak, RSS alone cannot tell one from garbage not yet collected.
// With --heap-snapshot, auth writes a heap snapshot after the last round (--heapsnapshot-signal),
// and the largest kinds of object in it are printed by their total own size.
//   node --require ./libs/testing/src/infra/register-swc.js tools/bench/profile-memory.ts [rounds] [--heap-snapshot]
import 'reflect-metadata';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDist, WORKSPACE_ROOT } from '@gatehouse/testing';
import { startBenchEnvironment } from './harness/bench-environment';
import { readSettings } from './harness/bench-settings';
import { AUTH_PATHS, signInVisitors } from './scenarios/signed-in-users';

const SECONDS = 8;
const PATHS = ['sign-in', 'returning-user', 'refresh', 'userinfo'] as const;

interface Resident {
  total: number;
  anonymous: number;
  file: number;
}

/** RSS and its anonymous and file-backed parts, in MiB (/proc/<pid>/status). */
function resident(pid: number): Resident {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mib = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1] ?? NaN) / 1024;
  return { total: mib('VmRSS'), anonymous: mib('RssAnon'), file: mib('RssFile') + mib('RssShmem') };
}

/** The live heap and its committed size after the last full collection, from --trace-gc's lines. */
function liveHeap(gcTrace: string): string {
  const compactions = gcTrace.split('\n').filter((line) => line.includes('Mark-Compact'));
  const last = /Mark-Compact [\d.]+ \([\d.]+\) -> ([\d.]+) \(([\d.]+)\)/.exec(
    compactions.at(-1) ?? '',
  );
  return last
    ? `live heap ${last[1]} MB of ${last[2]} MB committed (${compactions.length} full collections so far)`
    : 'no full collection yet';
}

interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

/** The kinds of object (V8's node type and constructor or string) holding the most own bytes. */
function largestKinds(path: string, count: number): string[] {
  const heap = JSON.parse(readFileSync(path, 'utf8')) as HeapSnapshot;
  const fields = heap.snapshot.meta.node_fields;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const types = heap.snapshot.meta.node_types[0];
  const totals = new Map<string, { bytes: number; objects: number }>();
  for (let at = 0; at < heap.nodes.length; at += fields.length) {
    const type = types[heap.nodes[at + typeAt]!]!;
    const name = type === 'string' || type === 'code' ? '' : heap.strings[heap.nodes[at + nameAt]!];
    const key = `${type} ${name?.slice(0, 60) ?? ''}`.trim();
    const total = totals.get(key) ?? { bytes: 0, objects: 0 };
    total.bytes += heap.nodes[at + sizeAt]!;
    total.objects += 1;
    totals.set(key, total);
  }
  return [...totals]
    .sort((a, b) => b[1].bytes - a[1].bytes)
    .slice(0, count)
    .map(([key, { bytes, objects }]) => `${(bytes / 2 ** 20).toFixed(1)} MiB in ${objects} ${key}`);
}

/** Asks the process for a snapshot and waits for the new file in `directory`. */
async function heapSnapshotOf(pid: number, directory: string): Promise<string> {
  const snapshots = () => readdirSync(directory).filter((name) => name.endsWith('.heapsnapshot'));
  const before = new Set(snapshots());
  process.kill(pid, 'SIGUSR2');
  for (let waited = 0; waited < 120_000; waited += 500) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const written = snapshots().find((name) => !before.has(name));
    // V8 writes the file in one go and closes it; its JSON ends with the strings' closing bracket.
    if (written && readFileSync(join(directory, written), 'utf8').trimEnd().endsWith('}'))
      return join(directory, written);
  }
  throw new Error('no heap snapshot within two minutes');
}

async function main(): Promise<void> {
  const snapshot = process.argv.includes('--heap-snapshot');
  const rounds = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 3);
  const log = (line: string) => process.stdout.write(`[profile-memory] ${line}\n`);
  buildDist();
  const env = await startBenchEnvironment(
    { ...readSettings(['--quick']), signInConcurrency: [1] },
    log,
    { auth: ['--trace-gc', ...(snapshot ? ['--heapsnapshot-signal=SIGUSR2'] : [])] },
  );
  try {
    await signInVisitors(env, 32);
    const auth = env.gatehouse.auth;
    const pid = auth.child.pid!;
    const idle = resident(pid);
    log(
      `idle: RSS ${idle.total.toFixed(0)} MiB (anonymous ${idle.anonymous.toFixed(0)}, files ${idle.file.toFixed(0)})`,
    );
    for (let round = 1; round <= rounds; round += 1) {
      for (const name of PATHS) {
        let peak: Resident = { total: 0, anonymous: 0, file: 0 };
        const meter = setInterval(() => {
          const now = resident(pid);
          if (now.total > peak.total) peak = now;
        }, 50);
        const result = await env.load.run({
          flow: AUTH_PATHS[name](env, SECONDS + 1),
          url: env.gatehouse.url,
          connections: 8,
          seconds: SECONDS,
          rampSeconds: 1,
        });
        clearInterval(meter);
        log(
          `round ${round}, ${name}: ${result.perSecond.toFixed(0)}/s, ${result.errors} errors; peak RSS ${peak.total.toFixed(0)} MiB (anonymous ${peak.anonymous.toFixed(0)}, files ${peak.file.toFixed(0)}); ${liveHeap(auth.output())}`,
        );
      }
    }
    if (snapshot) {
      const path = await heapSnapshotOf(pid, WORKSPACE_ROOT);
      log(`heap snapshot ${path}; the largest kinds of object by own size:`);
      for (const line of largestKinds(path, 25)) log(`  ${line}`);
    }
  } finally {
    await env.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
