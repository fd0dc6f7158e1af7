// Watches the auth service's memory through rounds of the returning-user, refresh and userinfo
// paths (8 connections, 8 s each), printing after each its peak RSS and the live V8 heap after the
// last full collection (--trace-gc): a live heap that grows round after round is a leak, RSS alone
// cannot tell one from garbage not yet collected.
//   node --require ./libs/testing/src/infra/register-swc.js tools/bench/profile-memory.ts [rounds]
import 'reflect-metadata';
import { buildDist } from '@gatehouse/testing';
import { startBenchEnvironment } from './harness/bench-environment';
import { readSettings } from './harness/bench-settings';
import { rssMiB } from './harness/process-meter';
import { AUTH_PATHS, signInVisitors } from './scenarios/signed-in-users';

const SECONDS = 8;
const PATHS = ['returning-user', 'refresh', 'userinfo'] as const;

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
    log(`idle: RSS ${rssMiB(pid).toFixed(0)} MiB`);
    for (let round = 1; round <= rounds; round += 1) {
      for (const name of PATHS) {
        let peak = 0;
        const meter = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 100);
        const result = await env.load.run({
          flow: AUTH_PATHS[name](),
          url: env.gatehouse.url,
          connections: 8,
          seconds: SECONDS,
          rampSeconds: 1,
        });
        clearInterval(meter);
        log(
          `round ${round}, ${name}: ${result.perSecond.toFixed(0)}/s, ${result.errors} errors; peak RSS ${peak.toFixed(0)} MiB; ${liveHeap(auth.output())}`,
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
