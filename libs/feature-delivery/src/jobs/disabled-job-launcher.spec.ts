import { DisabledJobLauncher } from './disabled-job-launcher';
import { JobLaunchError } from './ports/job-launcher';

describe('DisabledJobLauncher', () => {
  it('starts nothing and says why, for good', async () => {
    const launcher = new DisabledJobLauncher();
    expect(launcher.name).toBe('disabled');
    await expect(
      launcher.launch({
        deliveryId: 'd1',
        webhookId: 'w1',
        attemptNo: 1,
        spec: { command: ['true'] },
        environment: {},
        secretEnvironment: {},
      }),
    ).rejects.toEqual(
      new JobLaunchError(
        'Job webhooks are disabled on this server (GATEHOUSE_JOB_LAUNCHER=disabled)',
        true,
      ),
    );
  });
});
