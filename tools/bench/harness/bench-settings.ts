export const SCENARIO_IDS = [
  'sign-in',
  'returning-user',
  'token-validation',
  'statements',
  'memory',
  'delivery',
  'token-exchange',
  'cli-startup',
  'revocation',
  'scale-out',
] as const;
export type ScenarioId = (typeof SCENARIO_IDS)[number];

export interface BenchSettings {
  quick: boolean;
  /** Length of one measured run. */
  seconds: number;
  /** Start of every run left out of its figures: the closed loop fills up, JIT and caches warm. */
  rampSeconds: number;
  rounds: number;
  signInConcurrency: number[];
  /** Connections of the returning-user, refresh and token-validation trials. */
  steadyConcurrency: number;
  scenarios: ScenarioId[];
  /** Where the report goes (docs/benchmarks.md and its JSON); false prints only. */
  write: boolean;
  /** Replace only the scenarios that ran in the kept report, leaving the others' figures as they were. */
  merge: boolean;
}

const USAGE =
  'npm run bench -- [--quick] [--only sign-in,returning-user,…] [--no-write | --merge] | --render';

/**
 * `--quick`: shorter runs, same rounds and cases; `--only a,b`: those scenarios; `--no-write`: leave
 * docs/ alone; `--merge` (with `--only`): put these scenarios' new figures in the kept report.
 */
export function readSettings(argv: string[]): BenchSettings {
  const known = new Set(['--quick', '--only', '--no-write', '--render', '--merge']);
  for (const [index, argument] of argv.entries()) {
    if (argument.startsWith('--') && !known.has(argument))
      throw new Error(`unknown option ${argument}; ${USAGE}`);
    if (!argument.startsWith('--') && argv[index - 1] !== '--only')
      throw new Error(`unexpected argument ${argument}; ${USAGE}`);
  }
  const quick = argv.includes('--quick');
  const onlyAt = argv.indexOf('--only');
  const scenarios =
    onlyAt >= 0 ? (argv[onlyAt + 1] ?? '').split(',').filter(Boolean) : [...SCENARIO_IDS];
  for (const id of scenarios)
    if (!(SCENARIO_IDS as readonly string[]).includes(id))
      throw new Error(`unknown scenario ${id}; one of ${SCENARIO_IDS.join(', ')}`);
  const merge = argv.includes('--merge');
  if (merge && (onlyAt < 0 || argv.includes('--no-write')))
    throw new Error(
      `--merge re-runs some scenarios into the kept report: give --only, not --no-write; ${USAGE}`,
    );
  return {
    quick,
    seconds: quick ? 2 : 5,
    rampSeconds: quick ? 1 : 2,
    rounds: 3,
    signInConcurrency: [1, 8, 32],
    steadyConcurrency: 8,
    scenarios: scenarios as ScenarioId[],
    write: !argv.includes('--no-write'),
    merge,
  };
}

export const USAGE_LINE = USAGE;
