import { Topics } from '@gatehouse/messaging';
import { ALICE_ID, BOB_ID, personalPrincipal } from '../testing/principals';
import {
  createWebhooksTestKit,
  failure,
  NOW,
  type WebhooksTestKit,
} from '../testing/webhooks-test-kit';

const WATCHED = [{ type: 'dataset', name: 'acme/corpus' }];
const JOB_A = '66a1f0c0d0e0f0a0b0c0d0e1';
const JOB_B = '66a1f0c0d0e0f0a0b0c0d0e2';

describe('UpdateWebhook', () => {
  let kit: WebhooksTestKit;
  const alice = personalPrincipal();

  beforeEach(() => {
    kit = createWebhooksTestKit();
  });

  describe('a URL webhook', () => {
    let id: string;
    beforeEach(async () => {
      ({ id } = await kit.create.execute(alice, {
        watched: WATCHED,
        url: 'https://hooks.example.com/a',
        domains: ['repo'],
        secret: 'one',
      }));
    });

    it('leaves everything unchanged for the Python client\'s bare update ({"watched": []}) yet records a new revision', async () => {
      kit.clock.advance(60_000);
      const view = await kit.update.execute(alice, id, {
        watched: [],
        url: null,
        domains: null,
        secret: null,
      });
      expect(view).toMatchObject({
        id,
        url: 'https://hooks.example.com/a',
        watched: WATCHED,
        domains: ['repo'],
        secret: 'one',
        disabled: false,
      });
      expect(view.updatedAt).toBe(new Date(NOW + 60_000).toISOString());
      expect(kit.repository.rows.get(id)!.revision).toBe(2);
      const events = kit.repository.envelopes(Topics.webhookChanged);
      expect(events).toHaveLength(2);
      expect(kit.repository.outbox[1]!.headers).toMatchObject({
        'gatehouse-webhook-revision': '2',
      });
    });

    it('changes only the given fields; "discussions" is stored as "discussion"', async () => {
      const view = await kit.update.execute(alice, id, {
        watched: [{ type: 'user', name: 'julien-c' }],
        domains: ['discussions'],
        url: 'https://hooks.example.com/b',
      });
      expect(view).toMatchObject({
        url: 'https://hooks.example.com/b',
        watched: [{ type: 'user', name: 'julien-c' }],
        domains: ['discussion'],
        secret: 'one',
      });
      expect(kit.repository.envelopes(Topics.webhookChanged)[1]!.data).toMatchObject({
        change: 'upserted',
        webhook: {
          watched: [{ type: 'user', name: 'julien-c' }],
          domains: ['discussion'],
          url: 'https://hooks.example.com/b',
        },
      });
    });

    it('replaces the secret, and removes it for an empty string', async () => {
      expect((await kit.update.execute(alice, id, { watched: [], secret: 'two' })).secret).toBe(
        'two',
      );
      expect((await kit.update.execute(alice, id, { watched: [], secret: '' })).secret).toBeNull();
      expect(kit.repository.rows.get(id)!.sealedSecret).toBeNull();
    });

    it('checks a new URL like a new webhook', async () => {
      kit.resolver.answers.set('metadata.example.com', ['169.254.169.254']);
      const error = await failure(() =>
        kit.update.execute(alice, id, { watched: [], url: 'https://metadata.example.com/' }),
      );
      expect(error).toMatchObject({ code: 'bad_request', options: { field: 'url' } });
      expect(kit.repository.rows.get(id)!.url).toBe('https://hooks.example.com/a');
    });

    it('refuses a Job id on a URL webhook', async () => {
      const error = await failure(() =>
        kit.update.execute(alice, id, { watched: [], jobSourceId: JOB_A, secrets: {} }),
      );
      expect(error).toMatchObject({ code: 'bad_request', options: { field: 'jobSourceId' } });
    });

    it("answers 404 for another user's webhook and changes nothing", async () => {
      const error = await failure(() =>
        kit.update.execute(personalPrincipal(BOB_ID), id, {
          watched: [],
          url: 'https://hooks.example.com/evil',
        }),
      );
      expect(error).toMatchObject({ code: 'not_found', message: 'Webhook not found' });
      expect(kit.repository.rows.get(id)!.url).toBe('https://hooks.example.com/a');
      expect(kit.repository.outbox).toHaveLength(1);
    });

    it('answers 404 for an id that is not an ObjectId', async () => {
      expect(
        await failure(() => kit.update.execute(alice, 'not-an-id', { watched: [] })),
      ).toMatchObject({ code: 'not_found' });
    });
  });

  describe('a Job webhook', () => {
    let id: string;
    beforeEach(async () => {
      kit.jobs.add({
        id: JOB_A,
        ownerId: ALICE_ID,
        spec: { dockerImage: 'python:3.12', command: ['python', 'a.py'] },
      });
      kit.jobs.add({
        id: JOB_B,
        ownerId: ALICE_ID,
        spec: { dockerImage: 'node:20', command: ['node', 'b.js'] },
      });
      kit.jobs.add({
        id: '66a1f0c0d0e0f0a0b0c0d0ff',
        ownerId: BOB_ID,
        spec: { command: ['whoami'] },
      });
      ({ id } = await kit.create.execute(alice, {
        watched: WATCHED,
        jobSourceId: JOB_A,
        secrets: { KEEP: 'k', REPLACE: 'old', REMOVE: 'x' },
      }));
    });

    it('replaces listed secrets, removes empty ones, keeps the others, and snapshots the new Job', async () => {
      const keptCiphertext = kit.repository.rows.get(id)!.sealedJobSecrets.KEEP;
      const view = await kit.update.execute(alice, id, {
        watched: [],
        jobSourceId: JOB_B,
        secrets: { REPLACE: 'new', REMOVE: '', ADDED: 'a' },
      });
      expect(view.job).toMatchObject({
        dockerImage: 'node:20',
        command: ['node', 'b.js'],
        secrets: ['ADDED', 'KEEP', 'REPLACE'],
      });
      const stored = kit.repository.rows.get(id)!;
      expect(stored.jobSourceId).toBe(JOB_B);
      expect(stored.sealedJobSecrets.KEEP).toBe(keptCiphertext);
      expect(kit.secretBox.decrypt(stored.sealedJobSecrets.REPLACE!, id)).toBe('new');
      expect(kit.secretBox.decrypt(stored.sealedJobSecrets.ADDED!, id)).toBe('a');
      expect(kit.repository.envelopes(Topics.webhookChanged)[1]!.data).toMatchObject({
        webhook: { job: { jobId: JOB_B, secretNames: ['ADDED', 'KEEP', 'REPLACE'] } },
      });
    });

    it('refuses a Job id without secrets', async () => {
      const error = await failure(() =>
        kit.update.execute(alice, id, { watched: [], jobSourceId: JOB_B }),
      );
      expect(error).toMatchObject({
        code: 'bad_request',
        message: 'jobSourceId: must be sent together with secrets',
      });
    });

    it("refuses another user's Job", async () => {
      const error = await failure(() =>
        kit.update.execute(alice, id, {
          watched: [],
          jobSourceId: '66a1f0c0d0e0f0a0b0c0d0ff',
          secrets: {},
        }),
      );
      expect(error).toMatchObject({ code: 'bad_request', options: { field: 'jobSourceId' } });
    });

    it('refuses a url on a Job webhook', async () => {
      const error = await failure(() =>
        kit.update.execute(alice, id, { watched: [], url: 'https://hooks.example.com/' }),
      );
      expect(error).toMatchObject({ code: 'bad_request', options: { field: 'url' } });
    });
  });
});
