import { createServer } from 'node:net';
import { CapturingLogger } from '../testing/capturing-logger';
import { repoUpdatePayload } from '../testing/webhook-payload.fixture';
import { WebhooksServer } from '../webhooks/webhooks-server';
import { LocalTunnelProvider } from './local-tunnel-provider';
import { TunnelError } from './tunnel.error';
import { LocalTunnelTestServer } from '../testing/local-tunnel-test-server';
import { waitUntil } from '../testing/wait-until';

describe('LocalTunnelProvider end to end', () => {
  let tunnelServer: LocalTunnelTestServer;
  const cleanups: Array<() => Promise<unknown>> = [];

  beforeEach(async () => {
    tunnelServer = await LocalTunnelTestServer.start({ maxConnections: 1, socketWaitMs: 2000 });
  });

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await tunnelServer.close();
  });

  async function launchThroughTunnel() {
    const logger = new CapturingLogger();
    const server = new WebhooksServer({
      webhookSecret: 'tunnel-secret',
      autoStart: false,
      logger,
      env: {},
    });
    cleanups.push(() => server.close());
    server.add('/say_hello', (payload) => ({ hello: payload.repo.name }));
    server.add(function retrain() {
      return { queued: true };
    });
    const launched = await server.launch({
      port: 0,
      tunnel: new LocalTunnelProvider({ host: tunnelServer.url, logger }),
    });
    return { launched, logger };
  }

  it('carries a delivery from the public address to the handler and its answer back', async () => {
    const { launched, logger } = await launchThroughTunnel();
    expect(launched.publicUrl).toMatch(
      new RegExp(`^http://[0-9a-f]{12}\\.localhost:${tunnelServer.port}$`),
    );
    expect(tunnelServer.assignmentRequests).toEqual(['/?new']);

    const answer = await tunnelServer.request(`${launched.publicUrl}/webhooks/say_hello`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-webhook-secret': 'tunnel-secret' },
      body: JSON.stringify(repoUpdatePayload()),
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ hello: 'acme/sentiment-small' });

    expect(logger.messages('info')).toEqual(
      expect.arrayContaining([
        `Public tunnel: ${launched.publicUrl} (temporary: the address expires after 72 hours).`,
        `  - POST ${launched.publicUrl}/webhooks/say_hello`,
        `  - POST ${launched.publicUrl}/webhooks/retrain`,
      ]),
    );
    expect(launched.urls).toEqual([
      `${launched.publicUrl}/webhooks/say_hello`,
      `${launched.publicUrl}/webhooks/retrain`,
    ]);
  });

  it('keeps serving request after request on a one-connection tunnel, and relays refusals', async () => {
    const { launched } = await launchThroughTunnel();
    const delivery = (secret: string) =>
      tunnelServer.request(`${launched.publicUrl}/webhooks/retrain`, {
        method: 'POST',
        headers: { 'x-webhook-secret': secret },
        body: JSON.stringify(repoUpdatePayload()),
      });
    const statuses = [];
    for (const secret of ['tunnel-secret', 'wrong', 'tunnel-secret'])
      statuses.push((await delivery(secret)).status);
    expect(statuses).toEqual([200, 403, 200]);
    const missing = await tunnelServer.request(`${launched.publicUrl}/webhooks/retrain`, {
      method: 'POST',
      body: '{}',
    });
    expect(missing).toMatchObject({
      status: 401,
      body: '{"error":"x-webhook-secret header not set."}',
    });
  });

  it('shows the public URLs on the landing page reached through the tunnel', async () => {
    const { launched } = await launchThroughTunnel();
    const page = await tunnelServer.request(`${launched.publicUrl}/`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<code>POST ${launched.publicUrl}/webhooks/say_hello</code>`);
    expect(page.body).toContain(`<code>POST ${launched.publicUrl}/webhooks/retrain</code>`);
  });

  it('closes its tunnel connections when the server closes', async () => {
    const { launched } = await launchThroughTunnel();
    const id = new URL(launched.publicUrl ?? '').hostname.split('.')[0] ?? '';
    expect(tunnelServer.connectionCount(id)).toBe(1);
    await launched.close();
    await waitUntil(
      'the tunnel connections to close',
      () => tunnelServer.connectionCount(id) === 0,
    );
  });

  it('asks for the configured subdomain and reports a refusal with the server message', async () => {
    const first = new LocalTunnelProvider({
      host: tunnelServer.url,
      subdomain: 'acme-bot',
      logger: new CapturingLogger(),
    });
    const tunnel = await first.open(9);
    cleanups.push(() => tunnel.close());
    expect(tunnel.url).toBe(`http://acme-bot.localhost:${tunnelServer.port}`);
    const second = new LocalTunnelProvider({
      host: tunnelServer.url,
      subdomain: 'acme-bot',
      logger: new CapturingLogger(),
    });
    const refusal = second.open(9);
    await expect(refusal).rejects.toThrow(TunnelError);
    await expect(refusal).rejects.toThrow(
      `The tunnel server ${tunnelServer.url} refused the tunnel (409): Subdomain acme-bot is taken.`,
    );
    expect(tunnelServer.assignmentRequests).toEqual(['/acme-bot', '/acme-bot']);
  });

  it('fails with a TunnelError when no tunnel server answers', async () => {
    const port = tunnelServer.port;
    await tunnelServer.close();
    const provider = new LocalTunnelProvider({
      host: `http://127.0.0.1:${port}`,
      logger: new CapturingLogger(),
    });
    await expect(provider.open(9)).rejects.toThrow(
      `Could not reach the tunnel server http://127.0.0.1:${port}.`,
    );
    tunnelServer = await LocalTunnelTestServer.start();
  });

  it('fails with a TunnelError when the assigned port does not accept connections', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const assignment = {
      id: 'gone',
      port: closedPort,
      max_conn_count: 3,
      url: 'http://gone.localhost',
    };
    const provider = new LocalTunnelProvider({
      host: 'http://127.0.0.1:1',
      logger: new CapturingLogger(),
      fetch: async () => new Response(JSON.stringify(assignment), { status: 200 }),
    });
    await expect(provider.open(9)).rejects.toThrow(
      `Could not connect to the tunnel server at 127.0.0.1:${closedPort}.`,
    );
  });
});
