import { Webhook } from 'standardwebhooks';
import { repoUpdatePayload } from '../testing/webhook-payload.fixture';
import {
  answer,
  FROZEN_NOW_MS,
  post,
  WebhooksServerHarness,
} from '../testing/webhooks-server-harness';

const harness = new WebhooksServerHarness();
const start: WebhooksServerHarness['start'] = (options, register) =>
  harness.start(options, register);
afterEach(() => harness.closeAll());

describe('WebhooksServer secret', () => {
  const secret = 'rotate-me-please';

  it('answers 401 without X-Webhook-Secret, 403 with a wrong one, and runs the handler with the right one', async () => {
    const { launched, logger } = await start({ webhookSecret: secret }, (server) =>
      server.add('/hook', () => 'ran'),
    );
    expect(await answer(await post(launched, '/webhooks/hook', repoUpdatePayload()))).toEqual({
      status: 401,
      body: { error: 'x-webhook-secret header not set.' },
    });
    expect(
      await answer(
        await post(launched, '/webhooks/hook', repoUpdatePayload(), {
          'x-webhook-secret': 'rotate-me-pleasE',
        }),
      ),
    ).toEqual({
      status: 403,
      body: { error: 'Invalid webhook secret.' },
    });
    expect(
      await answer(
        await post(launched, '/webhooks/hook', repoUpdatePayload(), {
          'x-webhook-secret': 'short',
        }),
      ),
    ).toEqual({
      status: 403,
      body: { error: 'Invalid webhook secret.' },
    });
    expect(
      await answer(
        await post(launched, '/webhooks/hook', repoUpdatePayload(), { 'x-webhook-secret': secret }),
      ),
    ).toEqual({
      status: 200,
      body: 'ran',
    });
    expect(logger.messages('warn')).toEqual([]);
  });

  it('checks the secret before reading the payload', async () => {
    const { launched } = await start({ webhookSecret: secret }, (server) =>
      server.add('/hook', () => 'ran'),
    );
    expect((await post(launched, '/webhooks/hook', 'not json')).status).toBe(401);
  });

  it('takes the secret from WEBHOOK_SECRET when no option is given', async () => {
    const { launched } = await start({ env: { WEBHOOK_SECRET: 'from-env' } }, (server) =>
      server.add('/hook', () => 'ran'),
    );
    expect(
      (await post(launched, '/webhooks/hook', repoUpdatePayload(), { 'x-webhook-secret': 'wrong' }))
        .status,
    ).toBe(403);
    expect(
      (
        await post(launched, '/webhooks/hook', repoUpdatePayload(), {
          'x-webhook-secret': 'from-env',
        })
      ).status,
    ).toBe(200);
  });

  it('without a secret, leaves every route open and warns at start', async () => {
    const { launched, logger } = await start({}, (server) => server.add('/hook', () => 'ran'));
    expect((await post(launched, '/webhooks/hook', repoUpdatePayload())).status).toBe(200);
    expect(logger.messages('warn')).toEqual([
      'No webhook secret set: every endpoint is open to anyone. Set WEBHOOK_SECRET or pass webhookSecret.',
    ]);
  });
});

describe('WebhooksServer Standard Webhooks signature', () => {
  const secret = 'rotate-me-please';
  const timestamp = new Date(FROZEN_NOW_MS);

  function signedHeaders(
    signer: Webhook,
    body: string,
    at: Date = timestamp,
  ): Record<string, string> {
    return {
      'x-webhook-secret': secret,
      'webhook-id': 'msg_2b7c1e',
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signer.sign('msg_2b7c1e', at, body),
    };
  }

  it('accepts a signature made with the secret bytes, as the standardwebhooks package makes it', async () => {
    const { launched } = await start({ webhookSecret: secret }, (server) =>
      server.add('/hook', () => 'ran'),
    );
    const body = JSON.stringify(repoUpdatePayload());
    const headers = signedHeaders(new Webhook(secret, { format: 'raw' }), body);
    expect(await answer(await post(launched, '/webhooks/hook', body, headers))).toEqual({
      status: 200,
      body: 'ran',
    });
  });

  it('keys a whsec_ secret with its base64-decoded bytes', async () => {
    const whsec = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
    const { launched } = await start({ webhookSecret: whsec }, (server) =>
      server.add('/hook', () => 'ran'),
    );
    const body = JSON.stringify(repoUpdatePayload());
    const headers = { ...signedHeaders(new Webhook(whsec), body), 'x-webhook-secret': whsec };
    expect((await post(launched, '/webhooks/hook', body, headers)).status).toBe(200);
  });

  // Gatehouse signs with the decoded bytes only when the rest is canonical base64 (the delivery
  // worker's rule); any other whsec_-prefixed text is a plain secret, keyed by its UTF-8 bytes.
  it.each(['whsec_my-secret', 'whsec_abc', 'whsec_'])(
    'keys %s, not canonical base64, with its UTF-8 bytes as Gatehouse signs it',
    async (plain) => {
      const { launched } = await start({ webhookSecret: plain }, (server) =>
        server.add('/hook', () => 'ran'),
      );
      const body = JSON.stringify(repoUpdatePayload());
      const headers = {
        ...signedHeaders(new Webhook(plain, { format: 'raw' }), body),
        'x-webhook-secret': plain,
      };
      expect(await answer(await post(launched, '/webhooks/hook', body, headers))).toEqual({
        status: 200,
        body: 'ran',
      });
    },
  );

  it('refuses a body that differs from the signed one', async () => {
    const { launched } = await start({ webhookSecret: secret }, (server) =>
      server.add('/hook', () => 'ran'),
    );
    const signed = JSON.stringify(repoUpdatePayload());
    const tampered = JSON.stringify(
      repoUpdatePayload({ event: { action: 'delete', scope: 'repo' } }),
    );
    const headers = signedHeaders(new Webhook(secret, { format: 'raw' }), signed);
    expect(await answer(await post(launched, '/webhooks/hook', tampered, headers))).toEqual({
      status: 403,
      body: { error: 'Invalid webhook signature.' },
    });
  });

  it('refuses a timestamp more than five minutes away, even with a valid signature', async () => {
    const { launched } = await start({ webhookSecret: secret }, (server) =>
      server.add('/hook', () => 'ran'),
    );
    const body = JSON.stringify(repoUpdatePayload());
    const signer = new Webhook(secret, { format: 'raw' });
    const stale = signedHeaders(signer, body, new Date(FROZEN_NOW_MS - 301_000));
    const future = signedHeaders(signer, body, new Date(FROZEN_NOW_MS + 301_000));
    const edge = signedHeaders(signer, body, new Date(FROZEN_NOW_MS - 299_000));
    const refused = {
      status: 403,
      body: { error: 'Webhook timestamp is too old or too far in the future.' },
    };
    expect(await answer(await post(launched, '/webhooks/hook', body, stale))).toEqual(refused);
    expect(await answer(await post(launched, '/webhooks/hook', body, future))).toEqual(refused);
    expect((await post(launched, '/webhooks/hook', body, edge)).status).toBe(200);
  });

  it('refuses incomplete signature headers', async () => {
    const { launched } = await start({ webhookSecret: secret }, (server) =>
      server.add('/hook', () => 'ran'),
    );
    const response = await post(launched, '/webhooks/hook', repoUpdatePayload(), {
      'x-webhook-secret': secret,
      'webhook-id': 'msg_1',
    });
    expect(await answer(response)).toEqual({
      status: 403,
      body: {
        error:
          'Incomplete signature headers: webhook-id, webhook-timestamp and webhook-signature go together.',
      },
    });
  });

  describe('during a secret rotation overlap (the previous secret in X-Webhook-Secret, a signature with each)', () => {
    const previous = 'the-old-secret';
    const next = 'the-new-secret';
    const body = JSON.stringify(repoUpdatePayload());
    const signature = (key: string) =>
      new Webhook(key, { format: 'raw' }).sign('msg_2b7c1e', timestamp, body);
    const overlapHeaders = {
      'x-webhook-secret': previous,
      'webhook-id': 'msg_2b7c1e',
      'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
      'webhook-signature': `${signature(next)} ${signature(previous)}`,
    };

    it.each([[previous], [next]])(
      'accepts the delivery with the receiver holding %p',
      async (held) => {
        const { launched } = await start({ webhookSecret: held }, (server) =>
          server.add('/hook', () => 'ran'),
        );
        expect(await answer(await post(launched, '/webhooks/hook', body, overlapHeaders))).toEqual({
          status: 200,
          body: 'ran',
        });
      },
    );

    it('refuses a receiver holding neither secret, by its signature', async () => {
      const { launched } = await start({ webhookSecret: 'a-third-secret' }, (server) =>
        server.add('/hook', () => 'ran'),
      );
      expect(await answer(await post(launched, '/webhooks/hook', body, overlapHeaders))).toEqual({
        status: 403,
        body: { error: 'Invalid webhook signature.' },
      });
    });

    it('refuses another X-Webhook-Secret with a signature made with another secret', async () => {
      const { launched } = await start({ webhookSecret: next }, (server) =>
        server.add('/hook', () => 'ran'),
      );
      const forged = { ...overlapHeaders, 'webhook-signature': signature(previous) };
      expect((await post(launched, '/webhooks/hook', body, forged)).status).toBe(403);
    });
  });
});
