import type { JobTokenRequest } from '@gatehouse/domain';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { JobLaunchError } from '../ports/job-launcher';
import { HttpJobTokenMinter } from './http-job-token-minter';

const REQUEST: JobTokenRequest = {
  userId: '65c000000000000000000001',
  webhookId: '65c000000000000000000002',
  deliveryId: '65c000000000000000000003',
  repo: { type: 'model', name: 'acme/bert' },
  access: 'read',
  ttlSeconds: 600,
};

function reply(status: number, body: unknown) {
  return (res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
}

describe('HttpJobTokenMinter', () => {
  let server: Server;
  let url: string;
  let answer: (res: ServerResponse) => void;
  let received: {
    method?: string;
    path?: string;
    headers: IncomingMessage['headers'];
    body: unknown;
  };
  let minter: HttpJobTokenMinter;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => {
        received = {
          method: req.method,
          path: req.url,
          headers: req.headers,
          body: JSON.parse(text),
        };
        answer(res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    minter = new HttpJobTokenMinter({ url, internalToken: 'internal-s3cret' });
  });

  afterAll(async () => {
    await minter.onModuleDestroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('posts the request to /internal/job-tokens with the internal token and answers the minted token', async () => {
    answer = reply(201, { token: 'hf_minted', expiresAt: '2026-01-01T12:10:00.000Z' });
    await expect(minter.mint(REQUEST)).resolves.toEqual({
      token: 'hf_minted',
      expiresAt: '2026-01-01T12:10:00.000Z',
    });
    expect(received).toMatchObject({
      method: 'POST',
      path: '/internal/job-tokens',
      headers: { authorization: 'Bearer internal-s3cret' },
      body: REQUEST,
    });
  });

  it("fails the launch for good on a refusal, with the service's message", async () => {
    answer = reply(404, { error: 'The webhook owner is not an active user' });
    await expect(minter.mint(REQUEST)).rejects.toEqual(
      new JobLaunchError(
        'the Job token could not be minted: The webhook owner is not an active user',
        true,
      ),
    );
  });

  it.each([
    [503, { error: 'Service unavailable' }],
    [500, { error: 'Internal error' }],
    [401, { error: 'Invalid or missing internal service token' }],
    [201, { unexpected: true }],
  ])('lets the delivery be tried again when token-exchange answers %s', async (status, body) => {
    answer = reply(status, body);
    const failure = await minter.mint(REQUEST).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(JobLaunchError);
    expect(failure).toMatchObject({ permanent: false });
    expect((failure as Error).message).toBe(
      `the Job token could not be minted: token-exchange answered ${status}`,
    );
  });

  it('lets the delivery be tried again when token-exchange cannot be reached', async () => {
    const closed = new HttpJobTokenMinter({ url: 'http://127.0.0.1:1', internalToken: 'x' });
    const failure = await closed.mint(REQUEST).catch((error: unknown) => error);
    await closed.onModuleDestroy();
    expect(failure).toBeInstanceOf(JobLaunchError);
    expect(failure).toMatchObject({ permanent: false });
    expect((failure as Error).message).toMatch(
      /^the Job token could not be minted: token-exchange unreachable/,
    );
  });
});
