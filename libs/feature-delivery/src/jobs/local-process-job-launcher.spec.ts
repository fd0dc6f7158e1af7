import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JobLaunchError, JobLaunchRequest } from './job-launcher';
import { LocalProcessJobLauncher } from './local-process-job-launcher';

const DUMP_ENV = 'require("fs").writeFileSync(process.argv[1], JSON.stringify(process.env)); process.exit(Number(process.argv[2]))';

describe('LocalProcessJobLauncher', () => {
  let dir: string;
  beforeAll(async () => (dir = await mkdtemp(join(tmpdir(), 'gatehouse-job-'))));
  afterAll(() => rm(dir, { recursive: true, force: true }));

  function request(out: string, exitCode: number): JobLaunchRequest {
    return {
      deliveryId: 'd1',
      webhookId: 'w1',
      attemptNo: 1,
      spec: { command: [process.execPath, '-e', DUMP_ENV], arguments: [out, String(exitCode)] },
      environment: { WEBHOOK_PAYLOAD: '{"event":{"action":"update"}}', WEBHOOK_REPO_ID: 'r1', WEBHOOK_REPO_TYPE: 'model', MODE: 'fast' },
      secretEnvironment: { WEBHOOK_SECRET: 's3cret', HF_TOKEN: 'hf_x' },
    };
  }

  it('runs command + arguments with exactly the Job variables and reports the exit status', async () => {
    const out = join(dir, 'env-ok.json');
    const launched = await new LocalProcessJobLauncher({ path: '/usr/bin:/bin' }).launch(request(out, 0));
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

  it('reports a non-zero exit as a failed run', async () => {
    const launched = await new LocalProcessJobLauncher().launch(request(join(dir, 'env-fail.json'), 3));
    await expect(launched.exit).resolves.toEqual({ status: 'failed', exitCode: 3 });
  });

  it('a missing program cannot start, for good', async () => {
    const missing = { ...request(join(dir, 'x'), 0), spec: { command: ['/nonexistent/program'] } };
    await expect(new LocalProcessJobLauncher().launch(missing)).rejects.toEqual(new JobLaunchError('could not start /nonexistent/program (ENOENT)', true));
  });
});
