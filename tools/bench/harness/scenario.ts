import type { BenchEnvironment } from './bench-environment';
import type { ScenarioId } from './bench-settings';
import type { TrialReport } from './trial';

/** A single figure worth a line of its own (a hash's time, a statement count). */
export interface Fact {
  name: string;
  value: number;
  unit: string;
  /** How it was obtained, when not obvious. */
  how?: string;
}

/** Figures that are not a rate: statement counts, memory; the first column names the row. */
export interface Table {
  title: string;
  columns: string[];
  rows: Array<Array<string | number>>;
}

export interface ScenarioReport {
  id: ScenarioId;
  title: string;
  trials: TrialReport[];
  facts: Fact[];
  tables?: Table[];
}

export interface Scenario {
  id: ScenarioId;
  title: string;
  /** `earlier`: the reports of the scenarios that ran before it in this run. */
  run(env: BenchEnvironment, earlier: ScenarioReport[]): Promise<ScenarioReport>;
}
