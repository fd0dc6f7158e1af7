import { webhookSecretContext } from '@gatehouse/domain';
import { repoChangedMessage } from '@gatehouse/messaging';
import { JobLaunchError } from '../jobs/ports/job-launcher';
import { pushEvent } from '../testing/events';
import {
  RecordingJobLauncher,
  RecordingJobTokenMinter,
  incoming,
  testBox,
  urlWebhook,
} from '../testing/fakes';
import { pipelineHarness } from '../testing/pipeline-harness';
import type { WebhookSnapshot } from '../subscriptions/ports/webhook-snapshot';

function jobWebhook(
  jobToken: WebhookSnapshot['jobToken'],
  timeoutSeconds: number | null = 600,
): WebhookSnapshot {
  const base = urlWebhook();
  return {
    ...base,
    jobToken,
    target: { kind: 'job', spec: { dockerImage: 'python:3.12', command: ['run'], timeoutSeconds } },
    sealedJobSecrets: {
      HF_TOKEN: testBox.encrypt('hf_long_lived', webhookSecretContext(base.id)),
    },
  };
}

async function deliverOnePush(webhook: WebhookSnapshot, jobTokens = new RecordingJobTokenMinter()) {
  const jobs = new RecordingJobLauncher();
  const harness = pipelineHarness({ jobs, jobTokens });
  await harness.addWebhook(webhook);
  await harness.intake.handle(incoming(repoChangedMessage(pushEvent('evt-1'))));
  await harness.settle();
  const [delivery] = harness.store.ofWebhook(webhook.id);
  return { harness, jobs, jobTokens, delivery: delivery! };
}

describe('DeliveryAttempt, a Job webhook asking for a token', () => {
  it('mints a token of the owner for the event repository, living as long as the Job may run, and passes it as the secret HF_TOKEN', async () => {
    const webhook = jobWebhook('write', 600);
    const { jobs, jobTokens, delivery } = await deliverOnePush(webhook);

    expect(jobTokens.requests).toEqual([
      {
        userId: webhook.ownerId,
        webhookId: webhook.id,
        deliveryId: delivery.id,
        repo: { type: 'model', name: 'openai-community/gpt2' },
        access: 'write',
        ttlSeconds: 600,
      },
    ]);
    const [launch] = jobs.launches;
    expect(launch!.secretEnvironment.HF_TOKEN).toBe('hf_job_token_1');
    expect(Object.values(launch!.environment)).not.toContain('hf_job_token_1');
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('gives a Job without a timeout a token of the default lifetime', async () => {
    const { jobTokens } = await deliverOnePush(jobWebhook('read', null));
    expect(jobTokens.requests[0]).toMatchObject({ access: 'read', ttlSeconds: 1800 });
  });

  it('mints nothing for a webhook that asks for no token, and keeps its own HF_TOKEN secret', async () => {
    const { jobs, jobTokens } = await deliverOnePush(jobWebhook('none'));
    expect(jobTokens.requests).toEqual([]);
    expect(jobs.launches[0]!.secretEnvironment.HF_TOKEN).toBe('hf_long_lived');
  });

  it('does not start the Job when the mint fails, and tries the delivery again', async () => {
    const failing = new RecordingJobTokenMinter(() =>
      Promise.reject(
        new JobLaunchError('the Job token could not be minted: token-exchange answered 503', false),
      ),
    );
    const { harness, jobs, delivery } = await deliverOnePush(jobWebhook('read'), failing);
    expect(jobs.launches).toEqual([]);
    expect(delivery).toMatchObject({ status: 'retrying', attempts: 1 });
    expect(harness.store.attempts[0]).toMatchObject({
      error: 'the Job token could not be minted: token-exchange answered 503',
    });
  });

  it('fails the delivery for good when the mint is refused for good', async () => {
    const refusing = new RecordingJobTokenMinter(() =>
      Promise.reject(
        new JobLaunchError(
          'the Job token could not be minted: The webhook owner is not an active user',
          true,
        ),
      ),
    );
    const { jobs, delivery } = await deliverOnePush(jobWebhook('write'), refusing);
    expect(jobs.launches).toEqual([]);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1 });
  });
});
