import { BOB_JOB_ID, TOKENS } from '../testing/fixtures';
import { parseLikePythonClient } from '../testing/python-client';
import { call, startWebhooksTestApp, type WebhooksTestApp } from '../testing/webhooks-test-app';

const HOOK = {
  watched: [{ type: 'model', name: 'acme/bert' }],
  url: 'https://hooks.example.com/in',
};
const DELIVERY_ID = '65f000000000000000000001';

interface Route {
  name: string;
  method: string;
  path: (id: string) => string;
  body?: unknown;
  changes: boolean;
}

const ROUTES: Route[] = [
  { name: 'list', method: 'GET', path: () => '/api/settings/webhooks', changes: false },
  { name: 'get', method: 'GET', path: (id) => `/api/settings/webhooks/${id}`, changes: false },
  {
    name: 'activity',
    method: 'GET',
    path: (id) => `/api/settings/webhooks/${id}/activity`,
    changes: false,
  },
  {
    name: 'delivery',
    method: 'GET',
    path: (id) => `/api/settings/webhooks/${id}/activity/${DELIVERY_ID}`,
    changes: false,
  },
  {
    name: 'create',
    method: 'POST',
    path: () => '/api/settings/webhooks',
    body: HOOK,
    changes: true,
  },
  {
    name: 'update',
    method: 'POST',
    path: (id) => `/api/settings/webhooks/${id}`,
    body: { watched: [], url: 'https://hooks.example.com/x' },
    changes: true,
  },
  {
    name: 'enable',
    method: 'POST',
    path: (id) => `/api/settings/webhooks/${id}/enable`,
    changes: true,
  },
  {
    name: 'disable',
    method: 'POST',
    path: (id) => `/api/settings/webhooks/${id}/disable`,
    changes: true,
  },
  {
    name: 'replay',
    method: 'POST',
    path: (id) => `/api/settings/webhooks/${id}/activity/${DELIVERY_ID}/replay`,
    changes: true,
  },
  { name: 'delete', method: 'DELETE', path: (id) => `/api/settings/webhooks/${id}`, changes: true },
];

describe('who may manage which webhooks', () => {
  let server: WebhooksTestApp;
  let aliceHook: string;

  const request = (route: Route, token: string | undefined, id = aliceHook) =>
    call(server.baseUrl, route.method, route.path(id), {
      token,
      body: route.body === undefined ? undefined : JSON.stringify(route.body),
    });

  const aliceWebhook = async () => {
    const rows = await server.dataSource.query(
      'SELECT url, disabled, revision FROM webhooks WHERE id = $1',
      [aliceHook],
    );
    return rows[0] as { url: string; disabled: boolean; revision: number } | undefined;
  };

  beforeAll(async () => {
    server = await startWebhooksTestApp({ maxWebhooksPerUser: 4 });
    const created = await call(server.baseUrl, 'POST', '/api/settings/webhooks', {
      token: TOKENS.aliceWrite,
      body: JSON.stringify({ ...HOOK, secret: 'alice-only' }),
    });
    expect(created.status).toBe(201);
    aliceHook = created.json.webhook.id;
    await server.dataSource.query(
      `INSERT INTO deliveries (id, webhook_id, event_id, payload, status, attempts) VALUES ($1, $2, 'evt-1', '{"event":{"action":"update","scope":"repo"}}', 'succeeded', 1)`,
      [DELIVERY_ID, aliceHook],
    );
  });

  afterAll(async () => {
    await server?.close();
  });

  describe("another user's token", () => {
    it("does not see Alice's webhook in its list", async () => {
      const response = await request(ROUTES[0]!, TOKENS.bobWrite);
      expect(response.status).toBe(200);
      expect(response.json).toEqual([]);
    });

    it.each(ROUTES.filter((route) => route.path('x') !== route.path('y')))(
      "gets 404 on $name of Alice's webhook, which stays as it was",
      async (route) => {
        const response = await request(route, TOKENS.bobWrite);
        expect(response.status).toBe(404);
        expect(response.json).toEqual({ error: 'Webhook not found' });
        expect(response.headers.get('x-error-message')).toBe('Webhook not found');
        expect(response.text).not.toContain('alice-only');
        expect(await aliceWebhook()).toEqual({
          url: 'https://hooks.example.com/in',
          disabled: false,
          revision: 1,
        });
      },
    );

    it("lends no Job: Alice cannot make a Job webhook from Bob's Job (refused like a missing one)", async () => {
      const response = await call(server.baseUrl, 'POST', '/api/settings/webhooks', {
        token: TOKENS.aliceWrite,
        body: JSON.stringify({ watched: HOOK.watched, jobSourceId: BOB_JOB_ID }),
      });
      expect(response.status).toBe(400);
      expect(response.json).toEqual({ error: `jobSourceId: no Job ${BOB_JOB_ID} among yours` });
    });
  });

  it.each(ROUTES)('an OAuth token without the webhooks scope gets 403 on $name', async (route) => {
    const response = await request(route, TOKENS.aliceOAuthNoWebhooks);
    expect(response.status).toBe(403);
    expect(response.json).toEqual({
      error: "This token lacks the 'webhooks' scope needed for this operation",
    });
    expect(response.headers.get('x-error-message')).toBe(
      "This token lacks the 'webhooks' scope needed for this operation",
    );
  });

  it.each(ROUTES)(
    'a token-exchange token gets 403 on $name: webhooks belong to users',
    async (route) => {
      const response = await request(route, TOKENS.aliceExchange);
      expect(response.status).toBe(403);
      expect(response.json.error).toMatch(/^Webhooks belong to users/);
    },
  );

  it.each(ROUTES)('no token, or an unknown one, gets 401 on $name', async (route) => {
    for (const token of [undefined, 'hf_unknownToken000000000000000000000']) {
      const response = await request(route, token);
      expect(response.status).toBe(401);
      expect(response.json).toEqual({ error: 'Invalid credentials in Authorization header' });
    }
  });

  describe('a personal read token', () => {
    it.each(ROUTES.filter((route) => !route.changes))('may $name', async (route) => {
      const response = await request(route, TOKENS.aliceRead);
      expect(response.status).toBe(200);
    });

    it('reads the webhook and the list without the secret, in a shape the Python client still parses', async () => {
      const one = await request(
        ROUTES.find((route) => route.name === 'get')!,
        TOKENS.aliceRead,
      );
      const list = await request(ROUTES[0]!, TOKENS.aliceRead);
      expect([one.status, list.status]).toEqual([200, 200]);
      for (const [response, webhook] of [
        [one, one.json.webhook],
        [list, list.json[0]],
      ] as const) {
        expect(response.text).not.toContain('alice-only');
        expect(webhook).not.toHaveProperty('secret');
        expect(parseLikePythonClient(webhook)).toEqual({
          id: aliceHook,
          url: HOOK.url,
          job: null,
          watched: HOOK.watched,
          domains: ['repo', 'discussion'],
          secret: null,
          disabled: false,
        });
      }
    });

    it.each(ROUTES.filter((route) => route.changes))('may not $name (403)', async (route) => {
      const response = await request(route, TOKENS.aliceRead);
      expect(response.status).toBe(403);
      expect(response.json).toEqual({
        error: 'This token has read-only access and cannot change anything',
      });
      expect(await aliceWebhook()).toEqual({
        url: 'https://hooks.example.com/in',
        disabled: false,
        revision: 1,
      });
    });
  });

  it.each([
    ['a write token', TOKENS.aliceWrite],
    ['an OAuth token with the webhooks scope', TOKENS.aliceOAuthWebhooks],
  ])('%s, which may change the webhook, reads its secret', async (_case, token) => {
    const one = await request(
      ROUTES.find((route) => route.name === 'get')!,
      token,
    );
    const list = await request(ROUTES[0]!, token);
    expect(one.json.webhook.secret).toBe('alice-only');
    expect(list.json.map((webhook: { secret: string }) => webhook.secret)).toEqual(['alice-only']);
  });

  describe('a fine-grained token', () => {
    it.each(ROUTES)('without a webhook permission may not $name (403)', async (route) => {
      const response = await request(route, TOKENS.aliceReposOnly);
      expect(response.status).toBe(403);
      const needed = route.changes ? 'user.webhooks.write' : 'user.webhooks.read';
      expect(response.json).toEqual({
        error: `This token lacks the '${needed}' permission needed for this operation`,
      });
    });

    it.each(ROUTES.filter((route) => !route.changes))(
      'with user.webhooks.read may $name, never seeing the secret',
      async (route) => {
        const response = await request(route, TOKENS.aliceWebhooksRead);
        expect(response.status).toBe(200);
        expect(response.text).not.toContain('alice-only');
      },
    );

    it.each(ROUTES.filter((route) => route.changes))(
      'with user.webhooks.read alone may not $name (403)',
      async (route) => {
        const response = await request(route, TOKENS.aliceWebhooksRead);
        expect(response.status).toBe(403);
        expect(response.json).toEqual({
          error: "This token lacks the 'user.webhooks.write' permission needed for this operation",
        });
        expect(await aliceWebhook()).toMatchObject({ disabled: false, revision: 1 });
      },
    );

    it('with user.webhooks.write on its owner manages the webhooks and reads the secret', async () => {
      const one = await request(
        ROUTES.find((route) => route.name === 'get')!,
        TOKENS.aliceWebhooksWrite,
      );
      expect(one.json.webhook.secret).toBe('alice-only');
      const created = await call(server.baseUrl, 'POST', '/api/settings/webhooks', {
        token: TOKENS.aliceWebhooksWrite,
        body: JSON.stringify({ ...HOOK, url: 'https://hooks.example.com/fine' }),
      });
      expect(created.status).toBe(201);
      const removed = await request(
        ROUTES.find((route) => route.name === 'delete')!,
        TOKENS.aliceWebhooksWrite,
        created.json.webhook.id,
      );
      expect(removed.status).toBe(204);
    });
  });

  it("an OAuth token with the webhooks scope manages its user's webhooks", async () => {
    const list = await request(ROUTES[0]!, TOKENS.aliceOAuthWebhooks);
    expect(list.json.map((webhook: { id: string }) => webhook.id)).toEqual([aliceHook]);
    const disabled = await request(
      ROUTES.find((route) => route.name === 'disable')!,
      TOKENS.aliceOAuthWebhooks,
    );
    expect(disabled.status).toBe(200);
    expect(disabled.json.webhook.disabled).toBe(true);
    const enabled = await request(
      ROUTES.find((route) => route.name === 'enable')!,
      TOKENS.aliceOAuthWebhooks,
    );
    expect(enabled.json.webhook.disabled).toBe(false);
  });
});
