import { webhookSecretContext } from '@gatehouse/domain';
import { aWebhookSettings, aWebhookView } from '@gatehouse/domain/testing';
import { Topics } from '@gatehouse/messaging';
import { ALICE_ID, BOB_ID, personalPrincipal, principalOfKind } from '../testing/principals';
import {
  createWebhooksTestKit,
  failure,
  NOW,
  type WebhooksTestKit,
} from '../testing/webhooks-test-kit';

const WATCHED = [{ type: 'model' as const, name: 'openai-community/gpt2' }];
const JOB_ID = '66a1f0c0d0e0f0a0b0c0d0e1';

describe('CreateWebhook', () => {
  let kit: WebhooksTestKit;
  beforeEach(() => {
    kit = createWebhooksTestKit();
  });

  describe('a URL webhook', () => {
    it('answers the webhook object the clients read, enabled, with both domains when none are given', async () => {
      const view = await kit.create.execute(personalPrincipal(), {
        watched: WATCHED,
        url: 'https://hooks.example.com/in',
        domains: null,
        secret: null,
      });
      expect(view).toEqual(
        aWebhookView({
          id: '000000000000000000000001',
          url: 'https://hooks.example.com/in',
          watched: WATCHED,
          domains: ['repo', 'discussion'],
          createdAt: new Date(NOW).toISOString(),
          updatedAt: new Date(NOW).toISOString(),
        }),
      );
    });

    it('stores the secret sealed with the webhook id as context and echoes it in clear', async () => {
      const view = await kit.create.execute(personalPrincipal(), {
        watched: WATCHED,
        url: 'https://hooks.example.com/in',
        secret: 's3cret!',
      });
      expect(view.secret).toBe('s3cret!');
      const stored = kit.repository.rows.get(view.id)!;
      // Sealed, not merely encoded: a SecretBox envelope only the key opens, under this webhook's id.
      expect(stored.sealedSecret).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(kit.secretBox.decrypt(stored.sealedSecret!, webhookSecretContext(view.id))).toBe(
        's3cret!',
      );
      expect(() => kit.secretBox.decrypt(stored.sealedSecret!, 'another-webhook')).toThrow();
    });

    it('publishes webhook.changed (upserted, revision 1) keyed by the webhook id, with no secret in it', async () => {
      const view = await kit.create.execute(personalPrincipal(), {
        watched: WATCHED,
        url: 'https://hooks.example.com/in',
        secret: 's3cret!',
      });
      expect(kit.repository.outbox).toHaveLength(1);
      const [message] = kit.repository.outbox;
      expect(message).toMatchObject({
        topic: Topics.webhookChanged,
        key: view.id,
        headers: { 'gatehouse-webhook-revision': '1' },
      });
      expect(message!.value).not.toContain('s3cret');
      expect(JSON.parse(message!.value)).toMatchObject({
        type: 'webhook.changed',
        version: 1,
        time: new Date(NOW).toISOString(),
        data: {
          change: 'upserted',
          webhookId: view.id,
          ownerId: ALICE_ID,
          webhook: {
            watched: WATCHED,
            domains: ['repo', 'discussion'],
            disabled: false,
            url: 'https://hooks.example.com/in',
            hasSecret: true,
          },
        },
      });
    });

    it.each([
      ['a private address', ['10.1.2.3'], /private-use \(10\.0\.0\.0\/8\)/],
      [
        'one special-use address among public ones',
        ['93.184.215.14', '169.254.169.254'],
        /link-local/,
      ],
      ['loopback (not allowed by default)', ['127.0.0.1'], /loopback/],
      ['an IPv6 unique local address', ['fd00::1'], /unique local/],
    ])('refuses a host resolving to %s, naming the url field', async (_case, addresses, reason) => {
      kit.resolver.answers.set('internal.example.com', addresses);
      const error = await failure(() =>
        kit.create.execute(personalPrincipal(), {
          watched: WATCHED,
          url: 'https://internal.example.com/x',
        }),
      );
      expect(error.code).toBe('bad_request');
      expect(error.options.field).toBe('url');
      expect(error.message).toBe(
        'url: must not target a private or special-use address or a name that does not resolve',
      );
      expect(error.options.detail).toMatch(reason);
      expect(kit.repository.rows.size).toBe(0);
    });

    it('refuses a host that does not resolve with the same answer, so internal names cannot be told from missing ones', async () => {
      const error = await failure(() =>
        kit.create.execute(personalPrincipal(), {
          watched: WATCHED,
          url: 'https://nowhere.example.com/',
        }),
      );
      expect(error).toMatchObject({
        code: 'bad_request',
        message:
          'url: must not target a private or special-use address or a name that does not resolve',
      });
      expect(error.options).toEqual({
        field: 'url',
        detail: 'nowhere.example.com does not resolve',
      });
      expect(kit.repository.rows.size).toBe(0);
    });

    it('answers 503 (unavailable) when the resolver fails', async () => {
      kit.resolver.failing.add('flaky.example.com');
      const error = await failure(() =>
        kit.create.execute(personalPrincipal(), {
          watched: WATCHED,
          url: 'https://flaky.example.com/',
        }),
      );
      expect(error.code).toBe('unavailable');
    });

    it('accepts loopback targets (and http to them) only with allowLoopbackTargets', async () => {
      kit = createWebhooksTestKit({ allowLoopbackTargets: true });
      kit.resolver.answers.set('localhost', ['127.0.0.1', '::1']);
      const view = await kit.create.execute(personalPrincipal(), {
        watched: WATCHED,
        url: 'http://localhost:9000/hook',
      });
      expect(view.url).toBe('http://localhost:9000/hook');
      kit.resolver.answers.set('mixed.example.com', ['127.0.0.1', '192.168.1.1']);
      const error = await failure(() =>
        kit.create.execute(personalPrincipal(), {
          watched: WATCHED,
          url: 'https://mixed.example.com/',
        }),
      );
      expect(error.options.detail).toMatch(/private-use/);
    });

    it('does not resolve IP literals (their syntax check already classified them)', async () => {
      const view = await kit.create.execute(personalPrincipal(), {
        watched: WATCHED,
        url: 'https://93.184.215.14/hook',
      });
      expect(view.url).toBe('https://93.184.215.14/hook');
      expect(kit.resolver.asked).toEqual([]);
    });
  });

  describe('a Job webhook', () => {
    beforeEach(() => {
      kit.jobs.add({
        id: JOB_ID,
        ownerId: ALICE_ID,
        spec: {
          dockerImage: 'python:3.12-slim',
          command: ['python', '-c', 'print(1)'],
          environment: { LOG_LEVEL: 'info' },
          flavor: 'cpu-basic',
          timeoutSeconds: null,
        },
      });
    });

    it('snapshots the source Job, never its secrets, and lists the webhook secrets by name only', async () => {
      const view = await kit.create.execute(personalPrincipal(), {
        watched: WATCHED,
        jobSourceId: JOB_ID,
        secrets: { HF_TOKEN: 'hf_x', API_KEY: 'k' },
      });
      expect(view.url).toBeNull();
      expect(view.job).toEqual({
        dockerImage: 'python:3.12-slim',
        command: ['python', '-c', 'print(1)'],
        arguments: [],
        environment: { LOG_LEVEL: 'info' },
        secrets: ['API_KEY', 'HF_TOKEN'],
        flavor: 'cpu-basic',
        timeout: null,
        tags: [],
        arch: null,
        labels: {},
      });
      const stored = kit.repository.rows.get(view.id)!;
      expect(stored.jobSourceId).toBe(JOB_ID);
      expect(Object.keys(stored.sealedJobSecrets).sort()).toEqual(['API_KEY', 'HF_TOKEN']);
      expect(kit.secretBox.decrypt(stored.sealedJobSecrets.HF_TOKEN!, view.id)).toBe('hf_x');
      const event = kit.repository.envelopes(Topics.webhookChanged)[0]!;
      expect(event.data.webhook).toEqual({
        ...aWebhookSettings({ watched: WATCHED, domains: ['repo', 'discussion'] }),
        disabled: false,
        url: null,
        hasSecret: false,
        job: { jobId: JOB_ID, secretNames: ['API_KEY', 'HF_TOKEN'] },
      });
      expect(kit.repository.outbox[0]!.value).not.toContain('hf_x');
    });

    it("refuses another user's Job as if it did not exist", async () => {
      const error = await failure(() =>
        kit.create.execute(personalPrincipal(BOB_ID), { watched: WATCHED, jobSourceId: JOB_ID }),
      );
      expect(error).toMatchObject({
        code: 'bad_request',
        message: `jobSourceId: no Job ${JOB_ID} among yours`,
        options: { field: 'jobSourceId' },
      });
    });
  });

  it('refuses a create beyond the per-user limit, writing nothing', async () => {
    for (let i = 0; i < 3; i++)
      await kit.create.execute(personalPrincipal(), {
        watched: WATCHED,
        url: 'https://hooks.example.com/in',
      });
    await kit.create.execute(personalPrincipal(BOB_ID), {
      watched: WATCHED,
      url: 'https://hooks.example.com/in',
    });
    const error = await failure(() =>
      kit.create.execute(personalPrincipal(), {
        watched: WATCHED,
        url: 'https://hooks.example.com/in',
      }),
    );
    expect(error).toMatchObject({
      code: 'forbidden',
      message: 'You have reached the limit of 3 webhooks; delete one to create another',
    });
    expect(kit.repository.rows.size).toBe(4);
    expect(kit.repository.outbox).toHaveLength(4);
  });

  it.each([
    [{ url: 'https://hooks.example.com/in' }, 'watched: is required', 'watched'],
    [
      { watched: [{ type: 'repo', name: 'x/y' }], url: 'https://hooks.example.com/in' },
      /^watched\[0\]\.type: /,
      'watched[0].type',
    ],
    [{ watched: WATCHED }, 'url: give a url, or a jobSourceId for a Job webhook', 'url'],
    [{ watched: WATCHED, url: 'ftp://hooks.example.com/' }, 'url: must use https', 'url'],
    [
      { watched: WATCHED, url: 'https://hooks.example.com/', domains: ['everything'] },
      /^domains\[0\]: /,
      'domains[0]',
    ],
  ])('answers a bad body with 400 naming the field (%#)', async (body, message, field) => {
    const error = await failure(() => kit.create.execute(personalPrincipal(), body));
    expect(error.code).toBe('bad_request');
    expect(error.message).toEqual(
      typeof message === 'string' ? message : expect.stringMatching(message),
    );
    expect(error.options.field).toBe(field);
  });

  it.each(['exchange', 'trusted_publisher'] as const)(
    'refuses %s tokens: webhooks belong to users',
    async (kind) => {
      const error = await failure(() =>
        kit.create.execute(principalOfKind(kind), {
          watched: WATCHED,
          url: 'https://hooks.example.com/in',
        }),
      );
      expect(error.code).toBe('forbidden');
    },
  );

  it('lets OAuth tokens of a user create', async () => {
    const view = await kit.create.execute(principalOfKind('oauth'), {
      watched: WATCHED,
      url: 'https://hooks.example.com/in',
    });
    expect(kit.repository.rows.get(view.id)!.ownerId).toBe(ALICE_ID);
  });
});
