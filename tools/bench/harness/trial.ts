import { LoadResult } from './load-result';
import { ProcessMeter, ProcessUsage } from './process-meter';

/** One contender of a trial: how to run it once, and which processes are its own. */
export interface Contender {
  name: string;
  run(): Promise<LoadResult>;
  /** Processes measured during its runs (the load generator included), by name; read after `prepare`. */
  readonly processes: Record<string, number>;
  /**
   * The stores it uses (`StoreServers`), metered for CPU as whole servers: what a request costs
   * the machine beyond the contender's own processes. Only read with the machine to itself.
   */
  readonly servers?: Record<string, number>;
  /** Brings the system to this contender's shape before each run, outside the measurement (starting or stopping a replica). */
  prepare?(): Promise<void>;
}

export interface RunFigures extends LoadResult {
  processes: Record<string, ProcessUsage>;
}

export interface Ratio {
  subject: string;
  against: string;
  /** Median over rounds of subject rate / reference rate in the same round. */
  median: number;
  min: number;
  max: number;
}

export interface TrialReport {
  name: string;
  rounds: number;
  runs: Record<string, RunFigures[]>;
  ratios: Ratio[];
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Runs the contenders in turn, A, B, A, B, … for `rounds` rounds, each run measured with the CPU
 * time and peak RSS of its processes, and reports each `[subject, against]` pair as the ratio of
 * their rates within the same round: on a shared machine only neighbours in time compare.
 */
export async function runTrial(
  name: string,
  contenders: Contender[],
  pairs: Array<[string, string]>,
  rounds: number,
  log: (line: string) => void,
): Promise<TrialReport> {
  const runs: Record<string, RunFigures[]> = Object.fromEntries(
    contenders.map((contender) => [contender.name, []]),
  );
  for (let round = 1; round <= rounds; round += 1) {
    for (const contender of contenders) {
      await contender.prepare?.();
      const meter = new ProcessMeter(contender.processes, contender.servers);
      meter.start();
      const result = await contender.run();
      const figures = { ...result, processes: meter.stop() };
      runs[contender.name]!.push(figures);
      log(
        `${name} round ${round}: ${contender.name} ${figures.perSecond.toFixed(1)}/s p50 ${figures.latencyMs.p50.toFixed(1)} ms p99 ${figures.latencyMs.p99.toFixed(1)} ms errors ${figures.errors}${figures.firstErrors.length ? ` (${figures.firstErrors[0]})` : ''}`,
      );
    }
  }
  const ratios = pairs.map(([subject, against]) => {
    const perRound = runs[subject]!.map(
      (run, index) => run.perSecond / runs[against]![index]!.perSecond,
    );
    return {
      subject,
      against,
      median: median(perRound),
      min: Math.min(...perRound),
      max: Math.max(...perRound),
    };
  });
  return { name, rounds, runs, ratios };
}

/**
 * `subject`'s rate over the lowest rate among `references` in each round (the limit that binds in
 * that round), reported as `against` like the trial's other ratios: median and range of the rounds.
 */
export function ratioToLowest(
  trial: TrialReport,
  subject: string,
  references: string[],
  against: string,
): Ratio {
  const perRound = trial.runs[subject]!.map(
    (run, round) =>
      run.perSecond /
      Math.min(...references.map((reference) => trial.runs[reference]![round]!.perSecond)),
  );
  return {
    subject,
    against,
    median: median(perRound),
    min: Math.min(...perRound),
    max: Math.max(...perRound),
  };
}
