import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UndiciDeliverySender } from './undici-http-delivery-sender';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

describe('UndiciDeliverySender', () => {
  let server: Server;
  let handler: Handler;
  let base: string;
  const received: Array<{ path: string; headers: IncomingMessage['headers']; body: string }> = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        received.push({ path: req.url ?? '', headers: req.headers, body });
        handler(req, res, body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => (received.length = 0));

  const sender = (
    options: { allowLoopback?: boolean; timeoutMs?: number; excerptBytes?: number } = {},
  ) =>
    new UndiciDeliverySender({
      allowLoopback: options.allowLoopback ?? true,
      timeoutMs: options.timeoutMs ?? 2_000,
      excerptBytes: options.excerptBytes,
    });

  it('POSTs the body and headers as given and reads the answer', async () => {
    handler = (_req, res) => res.writeHead(202, { 'content-type': 'text/plain' }).end('queued');
    const http = sender();
    const result = await http.post({
      url: `${base}/hook`,
      headers: { 'content-type': 'application/json', 'webhook-id': 'd1' },
      body: '{"a":1}',
    });
    await http.close();
    expect(result).toEqual({ kind: 'response', status: 202, retryAfter: null, excerpt: 'queued' });
    expect(received[0]).toMatchObject({
      path: '/hook',
      body: '{"a":1}',
      headers: expect.objectContaining({ 'content-type': 'application/json', 'webhook-id': 'd1' }),
    });
  });

  it('does not follow a redirect', async () => {
    handler = (req, res) =>
      req.url === '/moved'
        ? res.writeHead(307, { location: `${base}/elsewhere` }).end()
        : res.writeHead(200).end();
    const http = sender();
    const result = await http.post({ url: `${base}/moved`, headers: {}, body: '{}' });
    await http.close();
    expect(result).toMatchObject({ kind: 'response', status: 307 });
    expect(received.map((request) => request.path)).toEqual(['/moved']);
  });

  it('keeps only an excerpt of a long answer, and the Retry-After header', async () => {
    handler = (_req, res) => res.writeHead(503, { 'retry-after': '120' }).end('x'.repeat(100_000));
    const http = sender({ excerptBytes: 16 });
    const result = await http.post({ url: `${base}/busy`, headers: {}, body: '{}' });
    await http.close();
    expect(result).toEqual({
      kind: 'response',
      status: 503,
      retryAfter: '120',
      excerpt: 'x'.repeat(16),
    });
  });

  it('gives up after the timeout', async () => {
    const held: ServerResponse[] = [];
    handler = (_req, res) => void held.push(res); // answered only once the sender has given up
    const http = sender({ timeoutMs: 200 });
    const result = await http.post({ url: `${base}/slow`, headers: {}, body: '{}' });
    for (const res of held) res.writeHead(200).end();
    await http.close();
    expect(result).toEqual({
      kind: 'failed',
      error: 'timeout',
      message: 'no response within 200 ms',
    });
  });

  it('refuses loopback targets unless allowed, by address and by name, without connecting', async () => {
    handler = (_req, res) => res.writeHead(200).end();
    const http = sender({ allowLoopback: false });
    const byAddress = await http.post({ url: `${base}/hook`, headers: {}, body: '{}' });
    const byName = await http.post({
      url: base.replace('127.0.0.1', 'localhost'),
      headers: {},
      body: '{}',
    });
    await http.close();
    expect(byAddress).toEqual({
      kind: 'failed',
      error: 'address_refused',
      message: 'the target resolves to a private or special-use address',
      detail: '127.0.0.1 resolves to no allowed address: loopback (127.0.0.0/8)',
    });
    expect(byName).toMatchObject({
      kind: 'failed',
      error: 'address_refused',
      message: 'the target resolves to a private or special-use address',
    });
    expect(received).toEqual([]);
  });

  it('reports a refused connection and an invalid URL', async () => {
    const http = sender();
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    expect(
      await http.post({ url: `http://127.0.0.1:${closedPort}/`, headers: {}, body: '{}' }),
    ).toEqual({
      kind: 'failed',
      error: 'connection_failed',
      message: 'could not connect (ECONNREFUSED)',
    });
    expect(await http.post({ url: 'ftp://example.com/x', headers: {}, body: '{}' })).toMatchObject({
      kind: 'failed',
      error: 'invalid_url',
    });
    await http.close();
  });
});
