import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JobLaunchError, JobLaunchRequest } from '../ports/job-launcher';
import { LocalProcessJobLauncher } from './local-process-job-launcher';

const DUMP_ENV =
  'require("fs").writeFileSync(process.argv[1], JSON.stringify(process.env)); process.exit(Number(process.argv[2]))';
const DUMP_IDENTITY =
  'require("fs").writeFileSync(process.argv[1], JSON.stringify({ uid: process.getuid(), gid: process.getgid(), groups: process.getgroups() }))';
const runningAsRoot = process.getuid?.() === 0;

describe('LocalProcessJobLauncher', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gatehouse-job-'));
    // Jobs may run as another user (below), who must be able to write their report here.
    await chmod(dir, 0o777);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  function request(out: string, exitCode: number): JobLaunchRequest {
    return {
      deliveryId: 'd1',
      webhookId: 'w1',
      attemptNo: 1,
      spec: { command: [process.execPath, '-e', DUMP_ENV], arguments: [out, String(exitCode)] },
      environment: {
        WEBHOOK_PAYLOAD: '{"event":{"action":"update"}}',
        WEBHOOK_REPO_ID: 'r1',
        WEBHOOK_REPO_TYPE: 'model',
        MODE: 'fast',
      },
      secretEnvironment: { WEBHOOK_SECRET: 's3cret', HF_TOKEN: 'hf_x' },
    };
  }

  it('runs command + arguments with exactly the Job variables and reports the exit status', async () => {
    const out = join(dir, 'env-ok.json');
    const launched = await new LocalProcessJobLauncher({ path: '/usr/bin:/bin' }).launch(
      request(out, 0),
    );
    expect(launched.launcher).toBe('local');
    expect(launched.externalId).toMatch(/^pid:\d+$/);
    await expect(launched.exit).resolves.toEqual({ status: 'succeeded', exitCode: 0 });
    const env = JSON.parse(await readFile(out, 'utf8')) as Record<string, string>;
    expect(env).toEqual({
      PATH: '/usr/bin:/bin',
      WEBHOOK_PAYLOAD: '{"event":{"action":"update"}}',
      WEBHOOK_REPO_ID: 'r1',
      WEBHOOK_REPO_TYPE: 'model',
      MODE: 'fast',
      WEBHOOK_SECRET: 's3cret',
      HF_TOKEN: 'hf_x',
    });
  });

  it.each(['LD_PRELOAD', 'NODE_OPTIONS', 'BASH_ENV', 'PATH', 'PYTHONWARNINGS', 'BROWSER'])(
    'refuses for good to start a Job given %s, whether secret or plain',
    async (name) => {
      const out = join(dir, `env-${name}.json`);
      const base = request(out, 0);
      const launcher = new LocalProcessJobLauncher();
      const refusal = new JobLaunchError(
        `${name} changes how programs load or run; a local Job is not started with it`,
        true,
      );
      await expect(
        launcher.launch({ ...base, secretEnvironment: { ...base.secretEnvironment, [name]: 'x' } }),
      ).rejects.toEqual(refusal);
      await expect(
        launcher.launch({ ...base, environment: { ...base.environment, [name]: 'x' } }),
      ).rejects.toEqual(refusal);
      await expect(readFile(out)).rejects.toMatchObject({ code: 'ENOENT' });
    },
  );

  // CI and this repository's dev machines run tests as root, where the switch is what is tested;
  // an unprivileged worker cannot switch, and its Jobs run as itself.
  it(
    runningAsRoot
      ? 'drops root: the Job runs as the configured user and group, with no other groups'
      : 'runs the Job as the (unprivileged) worker itself',
    async () => {
      const out = join(dir, 'identity.json');
      const job = {
        ...request(out, 0),
        spec: { command: [process.execPath, '-e', DUMP_IDENTITY], arguments: [out] },
      };
      const launched = await new LocalProcessJobLauncher({
        user: { uid: 65_534, gid: 65_534 },
      }).launch(job);
      await expect(launched.exit).resolves.toEqual({ status: 'succeeded', exitCode: 0 });
      const expected = runningAsRoot
        ? { uid: 65_534, gid: 65_534, groups: [65_534] }
        : { uid: process.getuid!(), gid: process.getgid!(), groups: process.getgroups!() };
      expect(JSON.parse(await readFile(out, 'utf8'))).toEqual(expected);
    },
  );

  it('reports a non-zero exit as a failed run', async () => {
    const launched = await new LocalProcessJobLauncher().launch(
      request(join(dir, 'env-fail.json'), 3),
    );
    await expect(launched.exit).resolves.toEqual({ status: 'failed', exitCode: 3 });
  });

  it('a missing program cannot start, for good', async () => {
    const missing = { ...request(join(dir, 'x'), 0), spec: { command: ['/nonexistent/program'] } };
    await expect(new LocalProcessJobLauncher().launch(missing)).rejects.toEqual(
      new JobLaunchError('could not start /nonexistent/program (ENOENT)', true),
    );
  });
});
