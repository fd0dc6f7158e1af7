// Profiles the auth service under one path of the benchmark (node --cpu-prof), then prints the
// functions and packages with the most self time while the load ran, for docs/benchmarks.md's findings.
//   node --require ./libs/testing/src/infra/register-swc.js tools/bench/profile.ts [userinfo|returning-user|refresh] [seconds]
import 'reflect-metadata';
import { WORKSPACE_ROOT } from '@gatehouse/testing';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GATEHOUSE_TARGET } from './gatehouse/bench-accounts';
import { startBenchEnvironment } from './harness/bench-environment';
import { readSettings } from './harness/bench-settings';
import type { FlowSpec } from './harness/load-spec';
import { logCpuProfileIn, type ProfileWindow } from './report/cpu-profile-summary';
import { pools, signInVisitors } from './scenarios/signed-in-users';

const PATHS: Record<string, FlowSpec> = {
  userinfo: { kind: 'bearer-get', path: '/oauth/userinfo', tokens: pools('gatehouse').tokens },
  'returning-user': { kind: 'returning-user', target: GATEHOUSE_TARGET, sessions: pools('gatehouse').sessions },
  refresh: { kind: 'refresh-rotation', target: GATEHOUSE_TARGET, tokens: pools('gatehouse').refresh },
};

async function main(): Promise<void> {
  const [path = 'userinfo', seconds = '15'] = process.argv.slice(2);
  const flow = PATHS[path];
  if (!flow) throw new Error(`profile one of: ${Object.keys(PATHS).join(', ')}`);
  const log = (line: string) => process.stdout.write(`[profile] ${line}\n`);
  execFileSync(process.execPath, [join(WORKSPACE_ROOT, 'tools/build.mjs')], { cwd: WORKSPACE_ROOT, stdio: 'ignore' });
  const profiles = mkdtempSync(join(tmpdir(), 'gatehouse-profile-'));
  let loadWindow: ProfileWindow | undefined;
  const env = await startBenchEnvironment({ ...readSettings(['--quick']), signInConcurrency: [1] }, log, ['--cpu-prof', `--cpu-prof-dir=${profiles}`]);
  try {
    await signInVisitors(env, 32);
    const fromUs = monotonicMicroseconds();
    const result = await env.load.run({ flow, url: env.gatehouse.url, connections: 8, seconds: Number(seconds), rampSeconds: 1 });
    loadWindow = { fromUs, toUs: monotonicMicroseconds() };
    log(`${path}: ${result.perSecond.toFixed(1)}/s, p50 ${result.latencyMs.p50.toFixed(1)} ms, p99 ${result.latencyMs.p99.toFixed(1)} ms, errors ${result.errors}`);
  } finally {
    await env.stop();
  }
  logCpuProfileIn(profiles, 'auth', log, loadWindow);
}

/** The clock V8 stamps profile samples with (CLOCK_MONOTONIC, shared by every process). */
function monotonicMicroseconds(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
