import { WORKSPACE_ROOT } from '@gatehouse/testing';
import { writeFileSync } from 'node:fs';
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
}

export const MARKDOWN_PATH = 'docs/benchmarks.md';
export const JSON_PATH = 'docs/benchmarks.json';

/** Writes the page and its JSON (or prints the page when `write` is false); says what it did. */
export function writeReport(report: BenchReport, write: boolean): string {
  const markdown = renderMarkdown(report);
  if (!write) {
    process.stdout.write(markdown);
    return 'report printed (--no-write)';
  }
  writeFileSync(join(WORKSPACE_ROOT, JSON_PATH), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(WORKSPACE_ROOT, MARKDOWN_PATH), markdown);
  return `wrote ${MARKDOWN_PATH} and ${JSON_PATH}`;
}
