import { jobEnvironment } from './job-environment';
import { JobLaunchError } from './ports/job-launcher';

describe('jobEnvironment', () => {
  const base = {
    spec: {
      command: ['python', 'train.py'],
      environment: { MODE: 'fast', WEBHOOK_PAYLOAD: 'spoofed', HF_TOKEN: 'from-spec' },
    },
    payloadBody: '{"event":{}}',
    repo: { id: '65c000000000000000000007', name: 'acme/train-data', type: 'dataset' },
  };

  it('puts the payload, the repo as owner/name (what HfApi takes as repo_id) and its type beside the Job environment, and the secrets apart', () => {
    expect(
      jobEnvironment({
        ...base,
        webhookSecret: 's3cret',
        webhookSecrets: { HF_TOKEN: 'hf_webhook', API_KEY: 'k' },
      }),
    ).toEqual({
      environment: {
        MODE: 'fast',
        WEBHOOK_PAYLOAD: '{"event":{}}',
        WEBHOOK_REPO_ID: 'acme/train-data',
        WEBHOOK_REPO_TYPE: 'dataset',
      },
      secretEnvironment: { HF_TOKEN: 'hf_webhook', API_KEY: 'k', WEBHOOK_SECRET: 's3cret' },
    });
  });

  it('passes the delivery attempt’s trace context as TRACEPARENT, over one the source Job sets', () => {
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const { environment } = jobEnvironment({
      ...base,
      spec: { ...base.spec, environment: { TRACEPARENT: 'from-spec' } },
      webhookSecret: null,
      webhookSecrets: {},
      traceparent,
    });
    expect(environment.TRACEPARENT).toBe(traceparent);
    expect(
      jobEnvironment({ ...base, webhookSecret: null, webhookSecrets: {} }).environment,
    ).not.toHaveProperty('TRACEPARENT');
  });

  it('sets no WEBHOOK_SECRET for a webhook without a secret', () => {
    const { secretEnvironment } = jobEnvironment({
      ...base,
      webhookSecret: null,
      webhookSecrets: {},
    });
    expect(secretEnvironment).toEqual({});
  });

  it('refuses, for good, a stored secret whose name changes how programs run (stored before the rule)', () => {
    expect(() =>
      jobEnvironment({
        ...base,
        webhookSecret: null,
        webhookSecrets: { HF_TOKEN: 'x', LD_PRELOAD: '/tmp/x.so' },
      }),
    ).toThrow(
      new JobLaunchError(
        'the webhook secret LD_PRELOAD changes how programs load or run; remove it from the webhook',
        true,
      ),
    );
  });

  it('passes a minted Job token as the secret HF_TOKEN, over the spec and the webhook secrets of that name', () => {
    const variables = jobEnvironment({
      ...base,
      webhookSecret: null,
      webhookSecrets: { HF_TOKEN: 'hf_webhook', API_KEY: 'k' },
      jobToken: 'hf_minted',
    });
    expect(variables).toEqual({
      environment: {
        MODE: 'fast',
        WEBHOOK_PAYLOAD: '{"event":{}}',
        WEBHOOK_REPO_ID: 'acme/train-data',
        WEBHOOK_REPO_TYPE: 'dataset',
      },
      secretEnvironment: { API_KEY: 'k', HF_TOKEN: 'hf_minted' },
    });
    expect(JSON.stringify(variables.environment)).not.toContain('hf_minted');
  });

  it('keeps the spec HF_TOKEN out of the plain variables even when no secret replaces it', () => {
    const { environment, secretEnvironment } = jobEnvironment({
      ...base,
      webhookSecret: null,
      webhookSecrets: {},
      jobToken: 'hf_minted',
    });
    expect(environment.HF_TOKEN).toBeUndefined();
    expect(secretEnvironment).toEqual({ HF_TOKEN: 'hf_minted' });
  });
});
