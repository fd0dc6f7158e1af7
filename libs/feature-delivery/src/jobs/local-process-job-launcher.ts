import { spawn } from 'node:child_process';
import { JobLauncher, JobLaunchError, JobLaunchRequest, JobRunExit, LaunchedJob } from './job-launcher';

export interface LocalProcessJobLauncherOptions {
  /** PATH for Jobs whose environment sets none (the worker's own environment is never inherited). */
  path?: string;
  cwd?: string;
}

export const DEFAULT_JOB_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/** Programs that are not there or not runnable will not be there on the next try either. */
const PERMANENT_SPAWN_ERRORS = new Set(['ENOENT', 'EACCES', 'ENOEXEC', 'EISDIR', 'ENOTDIR']);

/**
 * Runs a Job as a local process (the all-in-one and tests): argv = the spec's `command` then its
 * `arguments`, environment = exactly the Job's variables (plus PATH), nothing of the worker's
 * own environment, so neither the worker's secrets nor the source Job's leak in. Output is
 * discarded; `timeoutSeconds` kills the process. The exit status is reported through `exit`.
 */
export class LocalProcessJobLauncher extends JobLauncher {
  readonly name = 'local';

  constructor(private readonly options: LocalProcessJobLauncherOptions = {}) {
    super();
  }

  async launch(request: JobLaunchRequest): Promise<LaunchedJob> {
    const argv = [...request.spec.command, ...(request.spec.arguments ?? [])];
    if (argv.length === 0 || !argv[0]) throw new JobLaunchError('the Job has no command', true);
    const env = { PATH: this.options.path ?? DEFAULT_JOB_PATH, ...request.environment, ...request.secretEnvironment };
    const child = spawn(argv[0], argv.slice(1), { env, cwd: this.options.cwd, stdio: 'ignore' });
    const exit = new Promise<JobRunExit>((resolve) => {
      child.once('exit', (code) => resolve({ status: code === 0 ? 'succeeded' : 'failed', exitCode: code }));
    });
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', (error: NodeJS.ErrnoException) => {
        const code = error.code ?? 'error';
        reject(new JobLaunchError(`could not start ${argv[0]} (${code})`, PERMANENT_SPAWN_ERRORS.has(code)));
      });
    });
    const timeoutSeconds = request.spec.timeoutSeconds;
    if (timeoutSeconds && timeoutSeconds > 0) {
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutSeconds * 1000);
      timer.unref();
      void exit.then(() => clearTimeout(timer));
    }
    return { launcher: this.name, externalId: `pid:${child.pid}`, exit };
  }
}
