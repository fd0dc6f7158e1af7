// What the Dockerfile must do, read statically since no container engine runs here: a
// node:20-slim build stage that installs and builds; a stage that installs one service's
// production packages alone, from its generated deploy/images/${SERVICE}/ manifest and lock; a
// stage that picks that service's built files; and a runtime stage, on node:20-slim again, made of
// those two only, that runs the service's main file as a non-root user in production mode. Only
// the Dockerfile syntax the repository uses is understood: instructions, `\` continuations,
// comments, ARG defaults and `FROM <image or stage> AS <name>`.

export interface DockerfileStage {
  /** The image, or the name of an earlier stage, it starts from. */
  image: string;
  name: string;
  instructions: Array<{ keyword: string; args: string }>;
}

const NODE_IMAGE = /^node:20(?:\.[\d.]+)?-slim$/;
const SERVICE_MANIFEST = /^deploy\/images\/\$\{?SERVICE\}?\/package(-lock)?\.json$/;
const SERVICE_MAIN = 'dist/apps/${SERVICE}/src/main.js';
const COPY_SERVICE_CODE = 'tools/images/copy-service-code.ts';

export function parseDockerfileStages(text: string): DockerfileStage[] {
  const logicalLines = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const globalArgs = new Map<string, string>();
  const stages: DockerfileStage[] = [];
  for (const line of logicalLines) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const instruction = { keyword: keyword.toUpperCase(), args };
    if (instruction.keyword === 'FROM') {
      const [from = '', as, name] = args.split(/\s+/);
      const image = from.replace(
        /\$\{(\w+)\}|\$(\w+)/g,
        (_m, a, b) => globalArgs.get(a ?? b) ?? '',
      );
      stages.push({
        image,
        name: as?.toUpperCase() === 'AS' && name ? name : String(stages.length),
        instructions: [],
      });
    } else if (stages.length === 0 && instruction.keyword === 'ARG') {
      const [name, value = ''] = args.split('=');
      globalArgs.set(name, value);
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return stages;
}

function runs(stage: DockerfileStage, command: string): boolean {
  return stage.instructions.some(
    (i) =>
      i.keyword === 'RUN' && i.args.split('&&').some((part) => part.trim().startsWith(command)),
  );
}

/** `COPY [--from=<stage>] <source>... <destination>`, split. */
function copies(stage: DockerfileStage): Array<{ from?: string; sources: string[] }> {
  return stage.instructions
    .filter((i) => i.keyword === 'COPY')
    .map((i) => {
      const words = i.args.split(/\s+/);
      const from = words.find((word) => word.startsWith('--from='))?.slice('--from='.length);
      const paths = words.filter((word) => !word.startsWith('--'));
      return { from, sources: paths.slice(0, -1) };
    });
}

/** The stages `stage` starts from, itself first, back to an image. */
function lineage(stage: DockerfileStage, stages: readonly DockerfileStage[]): DockerfileStage[] {
  const parent = stages.find((candidate) => candidate.name === stage.image);
  return parent && parent !== stage ? [stage, ...lineage(parent, stages)] : [stage];
}

/** Convention problems of the Dockerfile's text; empty when all hold. */
export function checkDockerfileConventions(text: string): string[] {
  const stages = parseDockerfileStages(text);
  if (stages.length < 2) return ['Dockerfile: needs a build stage and a runtime stage'];
  const names = new Set(stages.map((stage) => stage.name));
  const problems = stages
    .filter((stage) => !NODE_IMAGE.test(stage.image) && !names.has(stage.image))
    .map((stage) => `Dockerfile: stage FROM ${stage.image || '(empty)'} is not node:20-slim`);
  const build = stages[0];
  for (const command of ['npm ci', 'npm run build']) {
    if (!runs(build, command)) problems.push(`Dockerfile: the build stage must run ${command}`);
  }

  const dependencies = stages.find((stage) => runs(stage, 'npm ci --omit=dev'));
  const installed = dependencies ? copies(dependencies).flatMap((copy) => copy.sources) : [];
  if (
    !dependencies ||
    !NODE_IMAGE.test(dependencies.image) ||
    installed.length !== 2 ||
    !installed.every((source) => SERVICE_MANIFEST.test(source))
  ) {
    problems.push(
      'Dockerfile: a node:20-slim stage must run npm ci --omit=dev on deploy/images/${SERVICE}/package.json and package-lock.json alone',
    );
  }
  const code = stages.find((stage) =>
    stage.instructions.some((i) => i.keyword === 'RUN' && i.args.includes(COPY_SERVICE_CODE)),
  );
  if (!code || !lineage(code, stages).includes(build)) {
    problems.push(
      `Dockerfile: a stage from the build must pick SERVICE's built files (${COPY_SERVICE_CODE})`,
    );
  }

  const runtime = stages[stages.length - 1];
  if (!NODE_IMAGE.test(runtime.image))
    problems.push('Dockerfile: the runtime stage must start from node:20-slim, not another stage');
  const runtimeCopies = copies(runtime);
  const sourcesOf = (from: DockerfileStage | undefined) =>
    runtimeCopies.filter((copy) => from && copy.from === from.name).flatMap((copy) => copy.sources);
  if (!sourcesOf(dependencies).some((source) => source.endsWith('/node_modules'))) {
    problems.push(
      "Dockerfile: the runtime stage must take node_modules from the service's dependencies stage",
    );
  }
  if (!sourcesOf(code).some((source) => source.endsWith('/dist'))) {
    problems.push(
      "Dockerfile: the runtime stage must take dist from the stage that picks the service's files",
    );
  }
  for (const copy of runtimeCopies) {
    const from = stages.find((stage) => stage.name === copy.from);
    if (!from) {
      problems.push(
        `Dockerfile: the runtime stage copies from the build context (${copy.sources.join(' ')}); copy from the stages`,
      );
    } else if (from !== code && lineage(from, stages).includes(build)) {
      problems.push(
        `Dockerfile: the runtime stage copies ${copy.sources.join(' ')} from ${from.name}, which holds every package; take them from ${dependencies?.name ?? 'the dependencies stage'} or ${code?.name ?? 'the code stage'}`,
      );
    }
  }
  const user = runtime.instructions
    .filter((i) => i.keyword === 'USER')
    .at(-1)
    ?.args.split(':')[0];
  if (!user || !/^\d+$/.test(user) || user === '0') {
    problems.push(
      'Dockerfile: the runtime stage must switch to a numeric non-root USER (runAsNonRoot checks it)',
    );
  }
  if (
    !runtime.instructions.some(
      (i) => i.keyword === 'ENV' && /(^|\s)NODE_ENV=production(\s|$)/.test(i.args),
    )
  ) {
    problems.push('Dockerfile: the runtime stage must set NODE_ENV=production');
  }
  if (runs(runtime, 'npm'))
    problems.push('Dockerfile: the runtime stage must not run npm; copy from the other stages');
  const command = runtime.instructions.filter((i) => i.keyword === 'CMD').at(-1)?.args ?? '';
  const servicePassedOn =
    runtime.instructions.some((i) => i.keyword === 'ARG' && i.args === 'SERVICE') &&
    runtime.instructions.some((i) => i.keyword === 'ENV' && i.args === 'SERVICE=${SERVICE}');
  if (!servicePassedOn || !command.includes(SERVICE_MAIN))
    problems.push(
      `Dockerfile: the runtime stage's command must run ${SERVICE_MAIN}, with ARG SERVICE and ENV SERVICE=\${SERVICE}`,
    );
  return problems;
}
