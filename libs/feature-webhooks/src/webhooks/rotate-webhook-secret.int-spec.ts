import { SecretBox } from '@gatehouse/crypto';
import { webhookSecretContext } from '@gatehouse/domain';
import { ALICE_JOB_ID, TOKENS } from '../testing/fixtures';
import {
  call,
  ENCRYPTION_KEY,
  startWebhooksTestApp,
  type WebhooksTestApp,
} from '../testing/webhooks-test-app';

const WATCHED = [{ type: 'model', name: 'acme/bert' }];
const HOUR_MS = 3_600_000;

/** `POST /api/settings/webhooks/{id}/rotate-secret` against the real database. */
describe('rotating a webhook secret with an overlap', () => {
  let server: WebhooksTestApp;
  const box = SecretBox.fromBase64Key(ENCRYPTION_KEY);

  const post = (path: string, body?: unknown, token: string = TOKENS.aliceWrite) =>
    call(server.baseUrl, 'POST', path, {
      token,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  async function aWebhook(secret: string | null = 'the-old-secret'): Promise<string> {
    const created = await post('/api/settings/webhooks', {
      watched: WATCHED,
      url: 'https://hooks.example.com/rotate',
      ...(secret ? { secret } : {}),
    });
    expect(created.status).toBe(201);
    return created.json.webhook.id;
  }

  async function storedRow(id: string) {
    const [row] = await server.dataSource.query(
      `SELECT secret_encrypted, previous_secret_encrypted, previous_secret_until, revision
         FROM webhooks WHERE id = $1`,
      [id],
    );
    const open = (sealed: string | null) =>
      sealed === null ? null : box.decrypt(sealed, webhookSecretContext(id));
    return {
      secret: open(row.secret_encrypted),
      previousSecret: open(row.previous_secret_encrypted),
      previousSecretUntil: row.previous_secret_until as Date | null,
      revision: row.revision as number,
    };
  }

  beforeAll(async () => {
    server = await startWebhooksTestApp();
  });

  afterAll(async () => {
    await server?.close();
  });

  it('keeps the previous secret for the overlap asked for and answers the new one once', async () => {
    const id = await aWebhook();
    const before = Date.now();
    const rotated = await post(`/api/settings/webhooks/${id}/rotate-secret`, {
      secret: 'the-new-secret',
      overlapSeconds: 3_600,
    });
    expect(rotated.status).toBe(200);
    expect(rotated.json).toMatchObject({
      secret: 'the-new-secret',
      webhook: { id, secret: 'the-new-secret' },
    });
    const until = Date.parse(rotated.json.previousSecretUntil);
    expect(until).toBeGreaterThanOrEqual(before + HOUR_MS);
    expect(until).toBeLessThanOrEqual(Date.now() + HOUR_MS);
    expect(await storedRow(id)).toEqual({
      secret: 'the-new-secret',
      previousSecret: 'the-old-secret',
      previousSecretUntil: new Date(until),
      revision: 2,
    });
  });

  it('makes a Standard Webhooks secret with a one-day overlap when the body is empty', async () => {
    const id = await aWebhook();
    const rotated = await post(`/api/settings/webhooks/${id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.json.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const stored = await storedRow(id);
    expect(stored.secret).toBe(rotated.json.secret);
    expect(stored.previousSecret).toBe('the-old-secret');
    expect(stored.previousSecretUntil!.getTime() - Date.now()).toBeGreaterThan(23 * HOUR_MS);
  });

  it('replaces the older secret when rotated again during an overlap', async () => {
    const id = await aWebhook();
    await post(`/api/settings/webhooks/${id}/rotate-secret`, { secret: 'second' });
    await post(`/api/settings/webhooks/${id}/rotate-secret`, { secret: 'third' });
    expect(await storedRow(id)).toMatchObject({ secret: 'third', previousSecret: 'second' });
  });

  it('switches at once with an overlap of 0, for a webhook without a secret, and on a plain update', async () => {
    const instant = await aWebhook();
    const rotated = await post(`/api/settings/webhooks/${instant}/rotate-secret`, {
      secret: 'now',
      overlapSeconds: 0,
    });
    expect(rotated.json.previousSecretUntil).toBeNull();
    expect(await storedRow(instant)).toMatchObject({ secret: 'now', previousSecret: null });

    const bare = await aWebhook(null);
    await post(`/api/settings/webhooks/${bare}/rotate-secret`, { secret: 'first' });
    expect(await storedRow(bare)).toMatchObject({ secret: 'first', previousSecret: null });

    const updated = await aWebhook();
    await post(`/api/settings/webhooks/${updated}/rotate-secret`, { secret: 'rotated' });
    await post(`/api/settings/webhooks/${updated}`, { secret: 'set-directly' });
    expect(await storedRow(updated)).toMatchObject({
      secret: 'set-directly',
      previousSecret: null,
      previousSecretUntil: null,
    });
  });

  it('refuses bad input, a Job webhook, a read token and a stranger in the API error shape', async () => {
    const id = await aWebhook();
    const badOverlap = await post(`/api/settings/webhooks/${id}/rotate-secret`, {
      overlapSeconds: -5,
    });
    expect(badOverlap.status).toBe(400);
    expect(badOverlap.json).toEqual({
      error: 'overlapSeconds: must be 0 (switch at once) or more',
    });

    const job = await post('/api/settings/webhooks', {
      watched: WATCHED,
      jobSourceId: ALICE_JOB_ID,
    });
    expect(job.status).toBe(201);
    const jobRotation = await post(`/api/settings/webhooks/${job.json.webhook.id}/rotate-secret`);
    expect(jobRotation.status).toBe(400);

    const read = await post(`/api/settings/webhooks/${id}/rotate-secret`, {}, TOKENS.aliceRead);
    expect(read.status).toBe(403);
    const stranger = await post(`/api/settings/webhooks/${id}/rotate-secret`, {}, TOKENS.bobWrite);
    expect(stranger.status).toBe(404);
    expect(await storedRow(id)).toMatchObject({ secret: 'the-old-secret', revision: 1 });
  });
});
