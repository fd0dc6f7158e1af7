import { WORKSPACE_ROOT } from '@gatehouse/testing';
import { execFileSync, execSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoadResult } from '../harness/load-result';
import type { Scenario, ScenarioReport } from '../harness/scenario';
import { median, runTrial } from '../harness/trial';

const CLI = join(WORKSPACE_ROOT, 'dist/apps/cli/src/main.js');
/** The last revision whose CLI loaded every command's dependencies (TypeORM, Nest, zod) before parsing its arguments. */
const EAGER_CLI_REVISION = 'fe51b2b';

/** Builds `revision` from git into a scratch directory sharing this checkout's node_modules; null when history does not hold it. */
function buildRevision(
  revision: string,
  log: (line: string) => void,
): { main: string; remove(): void } | null {
  try {
    execFileSync('git', ['cat-file', '-e', `${revision}^{commit}`], {
      cwd: WORKSPACE_ROOT,
      stdio: 'ignore',
    });
  } catch {
    log(
      `cli-startup: revision ${revision} is not in this clone's history; comparing with bare Node only`,
    );
    return null;
  }
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-cli-'));
  execSync(`git archive ${revision} | tar -x -C ${JSON.stringify(dir)}`, {
    cwd: WORKSPACE_ROOT,
    stdio: 'ignore',
  });
  symlinkSync(join(WORKSPACE_ROOT, 'node_modules'), join(dir, 'node_modules'));
  execFileSync(process.execPath, ['tools/build.mjs'], { cwd: dir, stdio: 'ignore' });
  return {
    main: join(dir, 'dist/apps/cli/src/main.js'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Starts `node <args>` `times` times in a row, each timed from spawn to exit. */
function startsInARow(args: string[], times: number): LoadResult {
  const took: number[] = [];
  let errors = 0;
  const firstErrors: string[] = [];
  const began = process.hrtime.bigint();
  for (let start = 0; start < times; start += 1) {
    const before = process.hrtime.bigint();
    const run = spawnSync(process.execPath, args, {
      cwd: WORKSPACE_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    took.push(Number(process.hrtime.bigint() - before) / 1e6);
    if (run.status !== 0) {
      errors += 1;
      if (firstErrors.length < 3)
        firstErrors.push(`exit ${run.status}: ${run.stderr.toString().slice(0, 200)}`);
    }
  }
  const seconds = Number(process.hrtime.bigint() - began) / 1e9;
  const sorted = [...took].sort((a, b) => a - b);
  return {
    connections: 1,
    seconds,
    completed: times - errors,
    perSecond: (times - errors) / seconds,
    errors,
    requests: times,
    latencyMs: {
      p50: median(sorted),
      p99: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]!,
      max: sorted.at(-1)!,
    },
    firstErrors,
  };
}

/** Modules loaded by requiring the CLI's command tree (what `--help` loads). */
function modulesLoadedForHelp(): number {
  const script = `require(${JSON.stringify(join(WORKSPACE_ROOT, 'dist/apps/cli/src/program.js'))}); process.stdout.write(String(Object.keys(require.cache).length));`;
  return Number(spawnSync(process.execPath, ['-e', script]).stdout.toString());
}

/**
 * `gatehouse --help` as a whole process, against the same command built from the revision before
 * the commands loaded their dependencies lazily, and against the limit of starting Node itself
 * (`node -e ''`), interleaved: what a person waits for before the CLI answers.
 */
export const cliStartup: Scenario = {
  id: 'cli-startup',
  title: 'CLI start-up',
  async run(env): Promise<ScenarioReport> {
    const times = env.settings.quick ? 10 : 30;
    const eager = buildRevision(EAGER_CLI_REVISION, env.log);
    const before = `gatehouse --help at ${EAGER_CLI_REVISION}`;
    try {
      const contenders = [
        {
          name: 'gatehouse --help',
          processes: {},
          run: async () => startsInARow([CLI, '--help'], times),
        },
        ...(eager
          ? [
              {
                name: before,
                processes: {},
                run: async () => startsInARow([eager.main, '--help'], times),
              },
            ]
          : []),
        { name: "node -e ''", processes: {}, run: async () => startsInARow(['-e', ''], times) },
      ];
      const pairs: Array<[string, string]> = [
        ['gatehouse --help', "node -e ''"],
        ...(eager ? [['gatehouse --help', before] as [string, string]] : []),
      ];
      const trial = await runTrial(
        `whole process, ${times} starts in a row`,
        contenders,
        pairs,
        env.settings.rounds,
        env.log,
      );
      return {
        id: 'cli-startup',
        title: 'CLI start-up',
        trials: [trial],
        facts: [
          {
            name: 'modules loaded by `gatehouse --help`',
            value: modulesLoadedForHelp(),
            unit: 'modules',
            how: 'require.cache after loading the command tree',
          },
        ],
      };
    } finally {
      eager?.remove();
    }
  },
};
