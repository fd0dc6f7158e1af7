import { WORKSPACE_ROOT } from '@gatehouse/testing';
import { writeFileSync } from 'node:fs';
import { prettierFormatted } from '../../format/prettier';
import { join } from 'node:path';
import type { BenchSettings } from '../harness/bench-settings';
import type { ScenarioReport } from '../harness/scenario';
import type { MachineDescription } from './machine';
import { renderMarkdown } from './render-markdown';

export interface BenchReport {
  startedAt: string;
  seconds: number;
  argv: string[];
  settings: BenchSettings;
  machine: MachineDescription;
  scenarios: ScenarioReport[];
  /** Later runs of some scenarios (`--only … --merge`), whose figures replaced the first run's. */
  reruns?: Rerun[];
}

export interface Rerun {
  startedAt: string;
  argv: string[];
  scenarios: string[];
  loadAverage: number;
}

/** The kept report with `fresh`'s scenarios in place of the same ones, in the kept order (new ones last). */
export function mergeReports(kept: BenchReport, fresh: BenchReport): BenchReport {
  const byId = new Map(fresh.scenarios.map((scenario) => [scenario.id, scenario]));
  const scenarios = kept.scenarios.map((scenario) => byId.get(scenario.id) ?? scenario);
  for (const scenario of fresh.scenarios)
    if (!kept.scenarios.some((old) => old.id === scenario.id)) scenarios.push(scenario);
  const rerun: Rerun = {
    startedAt: fresh.startedAt,
    argv: fresh.argv,
    scenarios: fresh.scenarios.map((scenario) => scenario.id),
    loadAverage: fresh.machine.loadAverage,
  };
  return { ...kept, scenarios, reruns: [...(kept.reruns ?? []), rerun] };
}

export const MARKDOWN_PATH = 'docs/benchmarks.md';
export const JSON_PATH = 'docs/benchmarks.json';

/**
 * Writes the page and its JSON (or prints the page when `write` is false), both as Prettier writes
 * them; says what it did.
 */
export function writeReport(report: BenchReport, write: boolean): string {
  const markdown = prettierFormatted(renderMarkdown(report), MARKDOWN_PATH);
  if (!write) {
    process.stdout.write(markdown);
    return 'report printed (--no-write)';
  }
  writeFileSync(
    join(WORKSPACE_ROOT, JSON_PATH),
    prettierFormatted(JSON.stringify(report, null, 2), JSON_PATH),
  );
  writeFileSync(join(WORKSPACE_ROOT, MARKDOWN_PATH), markdown);
  return `wrote ${MARKDOWN_PATH} and ${JSON_PATH}`;
}
