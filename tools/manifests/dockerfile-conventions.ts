// What the Dockerfile must do, read statically since no container engine runs here: a
// node:20-slim build stage that installs, builds and drops dev dependencies, and a runtime
// stage that runs as a non-root user in production mode. Only the Dockerfile syntax the
// repository uses is understood: instructions, `\` continuations, comments and ARG defaults.

export interface DockerfileStage {
  image: string;
  instructions: Array<{ keyword: string; args: string }>;
}

const NODE_IMAGE = /^node:20(?:\.[\d.]+)?-slim$/;

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
      const image = args
        .split(/\s+/)[0]
        .replace(/\$\{(\w+)\}|\$(\w+)/g, (_m, a, b) => globalArgs.get(a ?? b) ?? '');
      stages.push({ image, instructions: [] });
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

/** Convention problems of the Dockerfile's text; empty when all hold. */
export function checkDockerfileConventions(text: string): string[] {
  const stages = parseDockerfileStages(text);
  if (stages.length < 2) return ['Dockerfile: needs a build stage and a runtime stage'];
  const problems = stages
    .filter((stage) => !NODE_IMAGE.test(stage.image))
    .map((stage) => `Dockerfile: stage FROM ${stage.image || '(empty)'} is not node:20-slim`);
  const build = stages[0];
  for (const command of ['npm ci', 'npm run build', 'npm prune --omit=dev']) {
    if (!runs(build, command)) problems.push(`Dockerfile: the build stage must run ${command}`);
  }
  const runtime = stages[stages.length - 1];
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
    problems.push('Dockerfile: the runtime stage must not run npm; copy from the build stage');
  return problems;
}
