import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { WORKSPACE_ROOT } from '@gatehouse/testing';

/** Where each run's figures go, one JSON line per scenario (docs/reliability.md is written from them). */
export const FIGURES_FILE = join(WORKSPACE_ROOT, 'dist/faults/figures.jsonl');

/** Prints a scenario's figures and appends them to FIGURES_FILE. */
export function report(scenario: string, figures: Record<string, unknown>): void {
  mkdirSync(join(WORKSPACE_ROOT, 'dist/faults'), { recursive: true });
  appendFileSync(
    FIGURES_FILE,
    `${JSON.stringify({ scenario, at: new Date().toISOString(), ...figures })}\n`,
  );
  process.stdout.write(`[faults] ${scenario}: ${JSON.stringify(figures)}\n`);
}
