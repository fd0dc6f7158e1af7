// Profiles the service that answers one path of the benchmark (node --cpu-prof): auth, or
// token-exchange for internal-authorize; then prints the functions and packages with the most self
// time while the load ran, for docs/benchmarks.md's findings.
//   node --require ./libs/testing/src/infra/register-swc.js tools/bench/profile.ts [userinfo|returning-user|refresh|sign-in|internal-authorize] [seconds]
// (sign-in: the hashes run on libuv's threads, so the profile shows what a sign-in costs besides them.)
import 'reflect-metadata';
import { buildDist } from '@gatehouse/testing';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BenchEnvironment, startBenchEnvironment } from './harness/bench-environment';
import { readSettings } from './harness/bench-settings';
import type { FlowSpec } from './harness/load-spec';
import { logCpuProfileIn, type ProfileWindow } from './report/cpu-profile-summary';
import { AUTH_PATHS, pools, signInVisitors } from './scenarios/signed-in-users';

type Service = 'auth' | 'token-exchange';

const PATHS: Record<
  string,
  { service: Service; flow: (env: BenchEnvironment, seconds: number) => FlowSpec }
> = {
  ...Object.fromEntries(
    Object.entries(AUTH_PATHS).map(([path, flow]) => [path, { service: 'auth' as const, flow }]),
  ),
  'internal-authorize': {
    service: 'token-exchange',
    flow: (env) => ({
      kind: 'internal-authorize',
      path: '/internal/authorize',
      authorization: `Bearer ${env.internalToken}`,
      tokens: pools('gatehouse').tokens,
    }),
  },
};

async function main(): Promise<void> {
  const [path = 'userinfo', seconds = '15'] = process.argv.slice(2);
  const profiled = PATHS[path];
  if (!profiled) throw new Error(`profile one of: ${Object.keys(PATHS).join(', ')}`);
  const log = (line: string) => process.stdout.write(`[profile] ${line}\n`);
  buildDist();
  const profiles = mkdtempSync(join(tmpdir(), 'gatehouse-profile-'));
  let loadWindow: ProfileWindow | undefined;
  const env = await startBenchEnvironment(
    { ...readSettings(['--quick']), signInConcurrency: [1] },
    log,
    {
      [profiled.service === 'auth' ? 'auth' : 'tokenExchange']: [
        '--cpu-prof',
        `--cpu-prof-dir=${profiles}`,
      ],
    },
  );
  try {
    await signInVisitors(env, 32);
    const service =
      profiled.service === 'auth'
        ? { pid: env.gatehouse.auth.child.pid!, url: env.gatehouse.url }
        : { pid: env.gatehouse.tokenExchange.child.pid!, url: env.gatehouse.tokenExchangeUrl };
    const cpuBefore = threadCpuSeconds(service.pid);
    const fromUs = monotonicMicroseconds();
    const result = await env.load.run({
      flow: profiled.flow(env, Number(seconds)),
      url: service.url,
      connections: 8,
      seconds: Number(seconds),
      rampSeconds: 1,
    });
    loadWindow = { fromUs, toUs: monotonicMicroseconds() };
    const cpuAfter = threadCpuSeconds(service.pid);
    log(
      `${path}: ${result.perSecond.toFixed(1)}/s, p50 ${result.latencyMs.p50.toFixed(1)} ms, p99 ${result.latencyMs.p99.toFixed(1)} ms, errors ${result.errors}`,
    );
    // Over the whole run, ramp included: flows started and finished in it, whether counted or not.
    const flows = result.perSecond * (Number(seconds) + 1);
    for (const [thread, after] of cpuAfter) {
      const spent = after - (cpuBefore.get(thread) ?? 0);
      if (spent > 0.01)
        log(
          `${profiled.service} CPU on ${thread}: ${((spent * 1000) / flows).toFixed(1)} ms per flow (${spent.toFixed(2)} s)`,
        );
    }
  } finally {
    await env.stop();
  }
  logCpuProfileIn(profiles, profiled.service, log, loadWindow);
}

/**
 * CPU seconds (user + system) of each kind of thread of a process, from /proc: the main thread,
 * and the others (libuv's pool, where the password hashes run, and V8's workers: GC, compilers).
 */
function threadCpuSeconds(pid: number): Map<string, number> {
  const ticksPerSecond = 100; // USER_HZ, 100 on Linux
  const byThread = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // the thread ended meanwhile
    }
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).trim();
    // Node leaves its other threads named after the process: libuv's pool and V8's platform workers.
    const name =
      tid === String(pid)
        ? 'the main thread'
        : comm === 'node'
          ? "libuv's pool and V8's workers"
          : comm;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const seconds = (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
    byThread.set(name, (byThread.get(name) ?? 0) + seconds);
  }
  return byThread;
}

/** The clock V8 stamps profile samples with (CLOCK_MONOTONIC, shared by every process). */
function monotonicMicroseconds(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
