import { CapturingLogger } from '../testing/capturing-logger';
import { repoUpdatePayload } from '../testing/webhook-payload.fixture';
import type { TunnelProvider } from '../tunnel/tunnel-provider';
import type { WebhookPayload } from './webhook-payload';
import type { WebhookRequest } from './webhook-handler';
import { WebhooksServer } from './webhooks-server';
import { answer, post, WebhooksServerHarness } from '../testing/webhooks-server-harness';

const harness = new WebhooksServerHarness();
const start: WebhooksServerHarness['start'] = (options, register) =>
  harness.start(options, register);
afterEach(() => harness.closeAll());

describe('WebhooksServer routes', () => {
  it('serves a handler under its function name and another under an explicit path', async () => {
    const { launched } = await start({}, (server) => {
      server.add(function triggerTraining(payload) {
        return { training: payload.repo.name };
      });
      server.add('/say_hello/', async (payload) => ({ hello: payload.event.scope }));
    });
    expect(
      await answer(await post(launched, '/webhooks/triggerTraining', repoUpdatePayload())),
    ).toEqual({
      status: 200,
      body: { training: 'acme/sentiment-small' },
    });
    expect(await answer(await post(launched, '/webhooks/say_hello', repoUpdatePayload()))).toEqual({
      status: 200,
      body: { hello: 'repo.content' },
    });
    expect(launched.urls).toEqual([
      `${launched.url}/webhooks/triggerTraining`,
      `${launched.url}/webhooks/say_hello`,
    ]);
  });

  it('refuses a second handler on the same route and an anonymous handler without a path', () => {
    const server = new WebhooksServer({ autoStart: false, env: {} });
    server.add('/hook', () => undefined);
    expect(() => server.add('hook', () => undefined)).toThrow(
      'A webhook handler is already registered at /webhooks/hook.',
    );
    expect(() =>
      server.add(
        (
          () => () =>
            undefined
        )(),
      ),
    ).toThrow(/has no name/);
    expect(server.routes).toEqual(['/webhooks/hook']);
  });

  it('answers an empty 200 when the handler returns nothing, and JSON null for null', async () => {
    const { launched } = await start({}, (server) => {
      server.add('/nothing', () => undefined);
      server.add('/null', () => null);
    });
    const empty = await post(launched, '/webhooks/nothing', repoUpdatePayload());
    expect(empty.status).toBe(200);
    expect(empty.headers.get('content-length')).toBe('0');
    expect(await empty.text()).toBe('');
    expect(await (await post(launched, '/webhooks/null', repoUpdatePayload())).text()).toBe('null');
  });

  it('gives the handler the parsed payload and the request', async () => {
    let seen: { payload: WebhookPayload; request: WebhookRequest } | undefined;
    const { launched } = await start({}, (server) =>
      server.add('/inspect', (payload, request) => {
        seen = { payload, request };
      }),
    );
    const body = JSON.stringify(repoUpdatePayload());
    await post(launched, '/webhooks/inspect?source=test', body, { 'x-trace': 'abc' });
    expect(seen?.payload).toEqual(repoUpdatePayload());
    expect(seen?.request.method).toBe('POST');
    expect(seen?.request.path).toBe('/webhooks/inspect');
    expect(seen?.request.url.searchParams.get('source')).toBe('test');
    expect(seen?.request.headers['x-trace']).toBe('abc');
    expect(seen?.request.rawBody.toString()).toBe(body);
  });

  it('serves a handler added after launch', async () => {
    const { server, launched } = await start({}, (s) => s.add('/first', () => 1));
    server.add('/late', () => 'late');
    expect(await answer(await post(launched, '/webhooks/late', repoUpdatePayload()))).toEqual({
      status: 200,
      body: 'late',
    });
  });

  it('answers 404 on unknown routes and 405 on other methods', async () => {
    const { launched } = await start({}, (server) => server.add('/hook', () => undefined));
    expect(await answer(await post(launched, '/webhooks/other', repoUpdatePayload()))).toEqual({
      status: 404,
      body: { error: 'No webhook route at /webhooks/other.' },
    });
    const get = await fetch(`${launched.url}/webhooks/hook`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });
});

describe('WebhooksServer failures', () => {
  it('answers 422 with the reason for a payload that does not parse', async () => {
    const { launched } = await start({}, (server) => server.add('/hook', () => 'ran'));
    expect(
      await answer(
        await post(
          launched,
          '/webhooks/hook',
          repoUpdatePayload({ webhook: { id: 'w', version: 2 } }),
        ),
      ),
    ).toEqual({
      status: 422,
      body: { error: 'Invalid webhook payload: payload.webhook.version: expected one of 3' },
    });
    expect(await answer(await post(launched, '/webhooks/hook', 'not json'))).toEqual({
      status: 422,
      body: { error: 'The request body is not valid JSON.' },
    });
  });

  it('answers 500 with the message but not the stack when the handler throws, and logs the stack', async () => {
    const { launched, logger } = await start({}, (server) =>
      server.add('/broken', async () => {
        throw new Error('model registry unreachable');
      }),
    );
    const response = await post(launched, '/webhooks/broken', repoUpdatePayload());
    const text = await response.text();
    expect(response.status).toBe(500);
    expect(JSON.parse(text)).toEqual({ error: 'model registry unreachable' });
    expect(text).not.toContain('at ');
    expect(logger.messages('error')[0]).toMatch(
      /^Webhook handler for \/webhooks\/broken failed: Error: model registry unreachable\n\s+at /,
    );
  });

  it('answers 500 when the result cannot be sent as JSON', async () => {
    const { launched } = await start({}, (server) =>
      server.add('/bigint', () => ({ n: BigInt(1) })),
    );
    expect(await answer(await post(launched, '/webhooks/bigint', repoUpdatePayload()))).toEqual({
      status: 500,
      body: { error: 'The webhook handler returned a value that cannot be sent as JSON.' },
    });
  });

  it('answers 413 when the body is larger than the limit', async () => {
    const { launched } = await start({ maxBodyBytes: 100 }, (server) =>
      server.add('/hook', () => 'ran'),
    );
    expect(await answer(await post(launched, '/webhooks/hook', repoUpdatePayload()))).toEqual({
      status: 413,
      body: { error: 'Request body is larger than 100 bytes.' },
    });
  });
});

describe('WebhooksServer landing page', () => {
  it('lists every route with its full URL and how to register it', async () => {
    const { launched } = await start(
      { webhookSecret: 's', gatehouseEndpoint: 'https://gatehouse.example.test/' },
      (server) => {
        server.add('/say_hello', () => undefined);
        server.add(function retrain() {
          return undefined;
        });
      },
    );
    const page = await fetch(`${launched.url}/`);
    const html = await page.text();
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html).toContain(`<code>POST ${launched.url}/webhooks/say_hello</code>`);
    expect(html).toContain(`<code>POST ${launched.url}/webhooks/retrain</code>`);
    expect(html).toContain(
      `gatehouse webhooks create --url ${launched.url}/webhooks/say_hello --watch model:&lt;name&gt; --secret &quot;$WEBHOOK_SECRET&quot;`,
    );
    expect(html).toContain('<a href="https://gatehouse.example.test/settings/webhooks">');
  });

  it('escapes what it echoes from the Host header', async () => {
    const { launched } = await start({}, (server) => server.add('/hook', () => undefined));
    const { request } = await import('node:http');
    const html = await new Promise<string>((resolve, reject) => {
      const req = request(`${launched.url}/`, { headers: { host: 'x"><script>' } }, (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve(text));
      });
      req.on('error', reject);
      req.end();
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain('x&quot;&gt;&lt;script&gt;');
  });

  it('serves a custom HTML page instead', async () => {
    const { launched } = await start({ ui: '<h1>Retraining bot</h1>' }, (server) =>
      server.add('/hook', () => undefined),
    );
    expect(await (await fetch(`${launched.url}/`)).text()).toBe('<h1>Retraining bot</h1>');
  });

  it('serves a custom page built per request', async () => {
    const { launched } = await start(
      { ui: async (request) => `<p>${request.headers['x-user']}</p>` },
      (server) => server.add('/hook', () => undefined),
    );
    expect(await (await fetch(`${launched.url}/`, { headers: { 'x-user': 'ada' } })).text()).toBe(
      '<p>ada</p>',
    );
  });
});

describe('WebhooksServer launch', () => {
  it('prints where it runs and each route, and resolves the same server when launched twice', async () => {
    const { server, launched, logger } = await start({ webhookSecret: 's' }, (s) => {
      s.add('/a', () => undefined);
      s.add('/b', () => undefined);
    });
    expect(await server.launch()).toBe(launched);
    expect(logger.messages('info')).toEqual([
      `Webhooks server running at ${launched.url} (experimental: pin the @gatehouse/sdk version).`,
      'Webhook routes:',
      `  - POST ${launched.url}/webhooks/a`,
      `  - POST ${launched.url}/webhooks/b`,
      `Register one with: gatehouse webhooks create --url ${launched.url}/webhooks/a --watch model:<name> --secret "$WEBHOOK_SECRET"`,
    ]);
  });

  it('leaves --secret out of the registration hint when the server has no secret', async () => {
    const { launched, logger } = await start({}, (s) => s.add('/a', () => undefined));
    expect(logger.messages('info')).toContain(
      `Register one with: gatehouse webhooks create --url ${launched.url}/webhooks/a --watch model:<name>`,
    );
  });

  it('stops listening on close', async () => {
    const { server, launched } = await start({}, (s) => s.add('/a', () => undefined));
    await server.close();
    await expect(fetch(`${launched.url}/`)).rejects.toThrow();
  });

  it('on a hosting platform, uses its public URL, binds every interface and opens no tunnel', async () => {
    const opened: number[] = [];
    const tunnel: TunnelProvider = {
      open: async (port) => {
        opened.push(port);
        return { url: 'https://never.example.test', close: async () => undefined };
      },
    };
    const { launched } = await start(
      { env: { SPACE_ID: 'acme/bot', SPACE_HOST: 'acme-bot.hf.space' }, tunnel },
      (s) => s.add('/a', () => undefined),
    );
    expect(opened).toEqual([]);
    expect(launched.url).toBe(`http://127.0.0.1:${launched.port}`);
    expect(launched.publicUrl).toBe('https://acme-bot.hf.space');
    expect(launched.urls).toEqual(['https://acme-bot.hf.space/webhooks/a']);
  });

  it('keeps serving locally when the tunnel cannot open', async () => {
    const tunnel: TunnelProvider = {
      open: async () => Promise.reject(new Error('tunnel server down')),
    };
    const { launched, logger } = await start({ tunnel }, (s) => s.add('/a', () => 'ok'));
    expect(launched.publicUrl).toBeUndefined();
    expect(logger.messages('warn')).toContain('No public tunnel: tunnel server down');
    expect((await post(launched, '/webhooks/a', repoUpdatePayload())).status).toBe(200);
  });

  it('refuses a PORT that is not a port number', async () => {
    const server = new WebhooksServer({
      autoStart: false,
      env: { PORT: 'eighty' },
      logger: new CapturingLogger(),
    });
    await expect(server.launch()).rejects.toThrow('PORT must be a port number, got "eighty".');
  });
});
