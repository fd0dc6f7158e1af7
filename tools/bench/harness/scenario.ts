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

/** The highest peak RSS each metered process reached in the trials of `scenarios`, and the trial it was in. */
export function peakRssByProcess(
  scenarios: readonly ScenarioReport[],
): Map<string, { mib: number; where: string }> {
  const found = new Map<string, { mib: number; where: string }>();
  for (const scenario of scenarios) {
    for (const trial of scenario.trials) {
      for (const runs of Object.values(trial.runs)) {
        for (const run of runs) {
          for (const [name, usage] of Object.entries(run.processes)) {
            if (usage.peakRssMiB > (found.get(name)?.mib ?? 0))
              found.set(name, { mib: usage.peakRssMiB, where: `${scenario.title}: ${trial.name}` });
          }
        }
      }
    }
  }
  return found;
}
