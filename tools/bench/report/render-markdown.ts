import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Fact, ScenarioReport, Table } from '../harness/scenario';
import { median, RunFigures, TrialReport } from '../harness/trial';
import { evaluateTargets } from './targets';
import type { BenchReport } from './write-report';

const FINDINGS = join(__dirname, 'findings.md');

export function number(value: number): string {
  if (!Number.isFinite(value)) return '–';
  if (Math.abs(value) >= 100) return Math.round(value).toLocaleString('en-US');
  if (Math.abs(value) >= 10) return value.toFixed(1);
  if (Math.abs(value) >= 0.1 || value === 0) return value.toFixed(2);
  return value.toPrecision(2);
}

function table(columns: string[], rows: Array<Array<string | number>>): string {
  const cell = (value: string | number) =>
    typeof value === 'number' ? number(value) : value.replace(/\|/g, '\\|');
  return [
    `| ${columns.join(' | ')} |`,
    `|${columns.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ].join('\n');
}

function processColumn(
  runs: RunFigures[],
  pick: (usage: RunFigures['processes'][string]) => number,
  combine: (values: number[]) => number,
  unit: string,
): string {
  const names = Object.keys(runs[0]?.processes ?? {});
  return names
    .filter((name) => runs.every((run) => Number.isFinite(pick(run.processes[name]!))))
    .map(
      (name) => `${name} ${number(combine(runs.map((run) => pick(run.processes[name]!))))}${unit}`,
    )
    .join(', ');
}

/**
 * The CPU every metered process and server spent per operation completed: what one operation
 * costs the machine, so two contenders on the same cores compare by it where rates are bound
 * by CPU.
 */
function cpuMsPerOperation(run: RunFigures): number {
  const cpuSeconds = Object.values(run.processes).reduce((sum, usage) => sum + usage.cpuSeconds, 0);
  return ((cpuSeconds / run.seconds) * 1000) / run.perSecond;
}

function renderTrial(trial: TrialReport): string {
  const rows = Object.entries(trial.runs).map(([name, runs]) => [
    name,
    median(runs.map((run) => run.perSecond)),
    runs.map((run) => number(run.perSecond)).join(' / '),
    median(runs.map((run) => run.latencyMs.p50)),
    median(runs.map((run) => run.latencyMs.p99)),
    Math.max(...runs.map((run) => run.latencyMs.max)),
    runs.reduce((sum, run) => sum + run.errors, 0),
    processColumn(runs, (usage) => usage.cpuSeconds / runs[0]!.seconds, median, ' s/s'),
    median(runs.map(cpuMsPerOperation)),
    processColumn(
      runs,
      (usage) => usage.peakRssMiB,
      (values) => Math.max(...values),
      ' MiB',
    ),
  ]);
  const ratios = trial.ratios.map((ratio) => [
    `${ratio.subject} ÷ ${ratio.against}`,
    `**${number(ratio.median)}×**`,
    `${number(ratio.min)}–${number(ratio.max)}`,
  ]);
  const runs = Object.values(trial.runs)[0]!;
  return [
    `### ${trial.name}`,
    '',
    `${trial.rounds} rounds, ${runs[0]?.connections ?? '?'} connection${runs[0]?.connections === 1 ? '' : 's'}, ${number(runs[0]?.seconds ?? 0)} s measured per run.`,
    '',
    table(
      [
        'Contender',
        'Rate /s (median)',
        'Rounds',
        'p50 ms',
        'p99 ms',
        'max ms',
        'Errors',
        'CPU per second of run (median)',
        'CPU ms per operation, all of them (median)',
        'Peak RSS',
      ],
      rows,
    ),
    '',
    table(['Ratio of rates, same round', 'Median', 'Range'], ratios),
  ].join('\n');
}

function renderFacts(facts: Fact[]): string {
  return facts
    .map(
      (fact) =>
        `- ${fact.name}: **${number(fact.value)} ${fact.unit}**${fact.how ? ` (${fact.how})` : ''}`,
    )
    .join('\n');
}

function renderTable(extra: Table): string {
  return [`### ${extra.title}`, '', table(extra.columns, extra.rows)].join('\n');
}

function renderScenario(scenario: ScenarioReport): string {
  const parts = [`## ${scenario.title}`];
  if (scenario.facts.length > 0) parts.push(renderFacts(scenario.facts));
  for (const trial of scenario.trials) parts.push(renderTrial(trial));
  for (const extra of scenario.tables ?? []) parts.push(renderTable(extra));
  return parts.join('\n\n');
}

/** docs/benchmarks.md: how it was measured, the targets, every scenario, then the hand-written findings. */
export function renderMarkdown(report: BenchReport): string {
  const { machine } = report;
  const targets = evaluateTargets(report.scenarios);
  const findings = existsSync(FINDINGS) ? readFileSync(FINDINGS, 'utf8').trim() : '';
  return `${[
    '# Benchmarks',
    '<!-- Written by `npm run bench` (tools/bench/main.ts) with docs/benchmarks.json beside it; the last section comes from tools/bench/report/findings.md. Edit those, not this page. -->',
    [
      'Every scenario runs Gatehouse and its peer or its limit **in the same run, interleaved** (A, B, A, B, …),',
      'and reports the ratio of their rates within each round: on a shared two-core machine absolute numbers are',
      'noise, neighbours in time compare. The load generator is autocannon in a process of its own',
      '(tools/bench/load), closed loop over kept-alive loopback connections; a flow counts when every step',
      'answered as expected, and the first seconds of each run (the ramp) are left out of its figures. CPU is',
      'user + system seconds per second of run, and RSS the peak, of each process, read from /proc; the',
      'PostgreSQL and Redis servers a contender uses are metered for CPU as whole process trees (`postgres`,',
      '`redis`), and "CPU ms per operation" adds every metered process and server: what one operation costs',
      'the machine, which decides the rate where the two cores are the limit.',
      'Gatehouse runs as the distributed shape (`auth` and `token-exchange` processes from `dist/`) on PostgreSQL,',
      "Redis and a Kafka broker of the run's own; its peer is `oidc-provider` configured alike",
      '(tools/bench/peers: PKCE, the same scrypt function and cost, consent through its interaction API), with its',
      'records on the same Redis and, where the targets name both, also on its default in-memory adapter (its',
      'accounts then kept in its process). Every ratio in the Targets table is the median of the per-round',
      'ratios, with their range.',
    ].join('\n'),
    [
      '```sh',
      `npm run bench${report.argv.length > 0 ? ` -- ${report.argv.join(' ')}` : ''}`,
      '```',
      '',
      `Run ${report.startedAt.slice(0, 16).replace('T', ' ')} UTC, ${number(report.seconds / 60)} minutes. Machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB,`,
      `Node ${machine.node}, PostgreSQL ${machine.postgres}, Redis ${machine.redis}, Kafka ${machine.kafka}; everything on the same CPUs,`,
      `shared with other work (load average ${number(machine.loadAverage)} when the run ended).`,
      ...(report.reruns ?? []).map(
        (rerun) =>
          `\nRe-run ${rerun.startedAt.slice(0, 16).replace('T', ' ')} UTC (\`npm run bench -- ${rerun.argv.join(' ')}\`, load average ${number(rerun.loadAverage)} at its end): ${rerun.scenarios.join(', ')}; their sections below are from that run, each still side by side within itself.`,
      ),
    ].join('\n'),
    '## Targets',
    targets.length > 0
      ? table(
          ['Target', 'Measured', 'Met'],
          targets.map((target) => [target.target, target.measured, target.met ? 'yes' : '**no**']),
        )
      : 'No scenario with a target ran.',
    ...report.scenarios.map(renderScenario),
    findings,
  ]
    .filter(Boolean)
    .join('\n\n')}\n`;
}
