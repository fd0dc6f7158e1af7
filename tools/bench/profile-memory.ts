// Watches the auth service's memory through rounds of the password sign-in, returning-user, refresh
// and userinfo paths (8 connections, 8 s each), printing after each its peak RSS, split at that
// peak into anonymous memory (heap, malloc, scrypt's blocks) and file pages (the node binary, ICU),
// and the live V8 heap after the last full collection (--trace-gc): a live heap that grows round
// after round is a leak, RSS alone cannot tell one from garbage not yet collected.
//   node --require ./libs/testing/src/infra/register-swc.js tools/bench/profile-memory.ts [rounds]
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { buildDist } from '@gatehouse/testing';
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

async function main(): Promise<void> {
  const rounds = Number(process.argv[2] ?? 3);
  const log = (line: string) => process.stdout.write(`[profile-memory] ${line}\n`);
  buildDist();
  const env = await startBenchEnvironment(
    { ...readSettings(['--quick']), signInConcurrency: [1] },
    log,
    ['--trace-gc'],
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
