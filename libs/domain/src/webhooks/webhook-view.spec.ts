import { aWebhookRecord, aWebhookView } from '../testing/webhook-builders';
import { toWebhookView, type WebhookRecord } from './webhook-view';

const WATCHED = [
  { type: 'user' as const, name: 'julien-c' },
  { type: 'org' as const, name: 'HuggingFaceH4' },
];
const URL_WEBHOOK: WebhookRecord = aWebhookRecord({
  url: 'https://webhook.site/a2176e82-5720-43ee-9e06-f91cb4c91548',
  watched: WATCHED,
  domains: ['repo', 'discussion'],
  secret: 'my-secret',
  createdAt: new Date(Date.UTC(2023, 10, 8, 12, 0, 0)),
  updatedAt: new Date(Date.UTC(2023, 10, 9, 8, 30, 0)),
});

describe('toWebhookView', () => {
  it('answers a URL webhook as the client docstrings show it', () => {
    expect(JSON.parse(JSON.stringify(toWebhookView(URL_WEBHOOK)))).toEqual(
      aWebhookView({
        id: '654bbbc16f2ec14d77f109cc',
        url: 'https://webhook.site/a2176e82-5720-43ee-9e06-f91cb4c91548',
        watched: WATCHED,
        domains: ['repo', 'discussion'],
        secret: 'my-secret',
        createdAt: '2023-11-08T12:00:00.000Z',
        updatedAt: '2023-11-09T08:30:00.000Z',
      }),
    );
  });

  it('always carries the keys the Python client reads with data[key], and null for absent ones', () => {
    const view = toWebhookView({
      ...URL_WEBHOOK,
      secret: null,
      createdAt: undefined,
      updatedAt: undefined,
    });
    const json = JSON.parse(JSON.stringify(view));
    for (const key of ['id', 'watched', 'domains', 'disabled']) expect(json).toHaveProperty(key);
    expect(json).toMatchObject({ url: URL_WEBHOOK.url, job: null, secret: null });
    expect(json).not.toHaveProperty('createdAt');
  });

  it('leaves the secret out when the record withholds it from the caller, and keeps every key the client requires', () => {
    const view = toWebhookView({ ...URL_WEBHOOK, secret: undefined });
    expect(view).not.toHaveProperty('secret');
    const json = JSON.parse(JSON.stringify(view));
    expect(JSON.stringify(json)).not.toContain('my-secret');
    for (const key of ['id', 'watched', 'domains', 'disabled']) expect(json).toHaveProperty(key);
  });

  it('answers a Job webhook with the JobSpec shape and secret names only', () => {
    const record: WebhookRecord = {
      ...URL_WEBHOOK,
      url: null,
      secret: null,
      disabled: true,
      disabledReason: 'failing for 5 days',
      job: {
        dockerImage: 'ubuntu',
        spaceId: null,
        command: ['bash', '-c', 'echo $WEBHOOK_PAYLOAD'],
        environment: { MODE: 'fast' },
        flavor: 'cpu-basic',
        timeoutSeconds: 600,
      },
      jobSecretNames: ['ZETA', 'HF_TOKEN'],
    };
    expect(JSON.parse(JSON.stringify(toWebhookView(record)))).toMatchObject({
      url: null,
      job: {
        dockerImage: 'ubuntu',
        command: ['bash', '-c', 'echo $WEBHOOK_PAYLOAD'],
        arguments: [],
        environment: { MODE: 'fast' },
        secrets: ['HF_TOKEN', 'ZETA'],
        flavor: 'cpu-basic',
        timeout: 600,
        tags: [],
        arch: null,
        labels: {},
      },
      disabled: true,
      disabledReason: 'failing for 5 days',
    });
    expect(toWebhookView(record).job).not.toHaveProperty('spaceId');
  });

  it('names a Space-image Job by spaceId', () => {
    const view = toWebhookView({
      ...URL_WEBHOOK,
      url: null,
      job: { spaceId: 'user/my-space', command: ['python', 'app.py'] },
    });
    expect(view.job).toEqual({
      spaceId: 'user/my-space',
      command: ['python', 'app.py'],
      arguments: [],
      environment: {},
      secrets: [],
      flavor: null,
      timeout: null,
      tags: [],
      arch: null,
      labels: {},
    });
  });

  it('copies, so callers cannot change the record through the view', () => {
    const view = toWebhookView(URL_WEBHOOK);
    view.watched.push({ type: 'user', name: 'mallory' });
    view.domains.pop();
    expect(URL_WEBHOOK.watched).toHaveLength(2);
    expect(URL_WEBHOOK.domains).toEqual(['repo', 'discussion']);
  });
});
