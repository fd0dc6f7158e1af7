import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { controlsProgramExecution } from '@gatehouse/domain';
import {
  JobLauncher,
  JobLaunchError,
  JobLaunchRequest,
  JobRunExit,
  LaunchedJob,
} from '../ports/job-launcher';

export interface LocalProcessJobLauncherOptions {
  /** The Jobs' PATH, fixed: a Job cannot set its own (the worker's environment is never inherited). */
  path?: string;
  /** Working directory; default the system's temporary directory, which any user can enter. */
  cwd?: string;
  /** Who Jobs run as when the worker runs as root; default `nobody:nogroup` (65534:65534). */
  user?: { uid: number; gid: number };
}

const DEFAULT_JOB_PATH = '/usr/local/bin:/usr/bin:/bin';
export const DEFAULT_LOCAL_JOB_USER = { uid: 65_534, gid: 65_534 };

/** Programs that are not there or not runnable will not be there on the next try either. */
const PERMANENT_SPAWN_ERRORS = new Set(['ENOENT', 'EACCES', 'ENOEXEC', 'EISDIR', 'ENOTDIR']);

/**
 * Runs a Job as a local process, for development only (`GATEHOUSE_JOB_LAUNCHER=local`): the Job
 * shares the worker's host, network and file system. argv = the spec's `command` then its
 * `arguments`; environment = exactly the Job's variables plus a fixed PATH, nothing of the
 * worker's own, so neither the worker's secrets nor the source Job's leak in. A Job carrying a
 * variable that changes how programs load or run (`controlsProgramExecution`: PATH, LD_PRELOAD,
 * NODE_OPTIONS...) is not started: webhook-management refuses such secrets, this re-checks what
 * was stored before that rule and the source Job's plain environment. A worker running as root
 * starts Jobs as `user` with no supplementary groups. Output is discarded; `timeoutSeconds` kills
 * the process. The exit status is reported through `exit`.
 */
export class LocalProcessJobLauncher extends JobLauncher {
  readonly name = 'local';

  constructor(private readonly options: LocalProcessJobLauncherOptions = {}) {
    super();
  }

  async launch(request: JobLaunchRequest): Promise<LaunchedJob> {
    const argv = [...request.spec.command, ...(request.spec.arguments ?? [])];
    if (argv.length === 0 || !argv[0]) throw new JobLaunchError('the Job has no command', true);
    const variables = { ...request.environment, ...request.secretEnvironment };
    const refused = Object.keys(variables).find(controlsProgramExecution);
    if (refused)
      throw new JobLaunchError(
        `${refused} changes how programs load or run; a local Job is not started with it`,
        true,
      );
    const env = { ...variables, PATH: this.options.path ?? DEFAULT_JOB_PATH };
    const child = spawn(argv[0], argv.slice(1), {
      env,
      cwd: this.options.cwd ?? tmpdir(),
      stdio: 'ignore',
      ...this.identity(),
    });
    const exit = new Promise<JobRunExit>((resolve) => {
      child.once('exit', (code) =>
        resolve({ status: code === 0 ? 'succeeded' : 'failed', exitCode: code }),
      );
    });
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', (error: NodeJS.ErrnoException) => {
        const code = error.code ?? 'error';
        reject(
          new JobLaunchError(
            `could not start ${argv[0]} (${code})`,
            PERMANENT_SPAWN_ERRORS.has(code),
          ),
        );
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

  /** As root, Node's spawn sets the gid, drops supplementary groups (setgroups) and sets the uid. */
  private identity(): { uid?: number; gid?: number } {
    return runsAsRoot() ? { ...(this.options.user ?? DEFAULT_LOCAL_JOB_USER) } : {};
  }
}

export function runsAsRoot(): boolean {
  return process.getuid?.() === 0;
}
