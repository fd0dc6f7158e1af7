// `npm run bench`: every scenario of docs/benchmarks.md, each against its peer or its limit in the
// same run, interleaved. Writes docs/benchmarks.md and docs/benchmarks.json.
//   npm run bench -- --quick                 shorter runs (same rounds and cases)
//   npm run bench -- --only sign-in,memory   some scenarios
//   npm run bench -- --only delivery --quick --no-write   one scenario, printed only
//   npm run bench -- --no-write              print, leave docs/ alone
//   npm run bench -- --only a,b --merge      re-run some scenarios into the kept docs/benchmarks.json
//   npm run bench -- --render                rewrite docs/benchmarks.md from docs/benchmarks.json (after editing report/findings.md)
import 'reflect-metadata';
import { buildDist, WORKSPACE_ROOT } from '@gatehouse/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startBenchEnvironment } from './harness/bench-environment';
import { readSettings } from './harness/bench-settings';
import type { Scenario, ScenarioReport } from './harness/scenario';
import { describeMachine } from './report/machine';
import { BenchReport, JSON_PATH, mergeReports, writeReport } from './report/write-report';
import { cliStartup } from './scenarios/cli-startup';
import { deliveryScenario } from './scenarios/delivery';
import { memory } from './scenarios/memory';
import { returningUsers } from './scenarios/returning-users';
import { revocation } from './scenarios/revocation';
import { scaleOut } from './scenarios/scale-out';
import { signInSpike } from './scenarios/sign-in-spike';
import { statementsPerRequest } from './scenarios/statements-per-request';
import { tokenExchangeScenario } from './scenarios/token-exchange';
import { tokenValidation } from './scenarios/token-validation';

const SCENARIOS: Scenario[] = [
  signInSpike,
  returningUsers,
  tokenValidation,
  tokenExchangeScenario,
  statementsPerRequest,
  memory,
  deliveryScenario,
  cliStartup,
  revocation,
  scaleOut,
];

async function main(): Promise<void> {
  if (process.argv.includes('--render')) {
    const kept = JSON.parse(readFileSync(join(WORKSPACE_ROOT, JSON_PATH), 'utf8')) as BenchReport;
    process.stdout.write(`[bench] ${writeReport(kept, true)}\n`);
    return;
  }
  const settings = readSettings(process.argv.slice(2));
  const log = (line: string) => process.stdout.write(`[bench] ${line}\n`);
  const startedAt = new Date();
  buildDist();
  const env = await startBenchEnvironment(settings, log);
  const reports: ScenarioReport[] = [];
  const failed: string[] = [];
  try {
    for (const scenario of SCENARIOS.filter((candidate) =>
      settings.scenarios.includes(candidate.id),
    )) {
      log(`== ${scenario.title}`);
      try {
        reports.push(await scenario.run(env, reports));
      } catch (error) {
        // The other scenarios' figures are still written; re-run this one with `--only <id> --merge`.
        failed.push(scenario.id);
        log(
          `${scenario.id} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
      }
    }
  } finally {
    await env.stop();
  }
  const machine = describeMachine(env.infra);
  const report: BenchReport = {
    startedAt: startedAt.toISOString(),
    seconds: (Date.now() - startedAt.getTime()) / 1000,
    argv: process.argv.slice(2),
    settings,
    machine,
    scenarios: reports,
  };
  const written = writeReport(
    settings.merge
      ? mergeReports(
          JSON.parse(readFileSync(join(WORKSPACE_ROOT, JSON_PATH), 'utf8')) as BenchReport,
          report,
        )
      : report,
    settings.write,
  );
  log(written);
  if (failed.length > 0) {
    log(`failed: ${failed.join(', ')}; their sections are missing from the report`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
