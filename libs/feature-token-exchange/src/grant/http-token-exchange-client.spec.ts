import {
  InvalidClient,
  InvalidScope,
  OAuthError,
  ServerError,
  TemporarilyUnavailable,
} from '@gatehouse/domain';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import type { TokenExchangeRequest } from '../exchange/token-exchange-request';
import { HttpTokenExchangeClient } from './http-token-exchange-client';

const REQUEST: TokenExchangeRequest = {
  params: {
    grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
    subject_token: 'alice@example.com',
  },
  authorization: 'Basic YTpi',
  ip: '198.51.100.7',
};

describe('HttpTokenExchangeClient', () => {
  let server: Server;
  let url: string;
  let answer: (res: ServerResponse) => void;
  let received: {
    method?: string;
    path?: string;
    headers: IncomingMessage['headers'];
    body: unknown;
  } | null;
  let client: HttpTokenExchangeClient;

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
    client = new HttpTokenExchangeClient(
      { url, internalToken: 'internal-s3cret' },
      pino({ level: 'silent' }),
    );
  });

  afterAll(async () => {
    await client.onModuleDestroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  beforeEach(() => {
    received = null;
  });

  const json = (status: number, body: unknown) => (res: ServerResponse) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  async function failure(): Promise<OAuthError> {
    const error = await client.exchange(REQUEST).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(OAuthError);
    return error as OAuthError;
  }

  it('posts the request whole to /internal/token-exchange with the internal token and returns the answer', async () => {
    const token = {
      access_token: 'hf_oauth_x',
      token_type: 'bearer',
      expires_in: 28800,
      scope: 'openid',
      issued_token_type: 'urn:ietf:params:oauth:token-type:access_token',
    };
    answer = json(200, token);
    expect(await client.exchange(REQUEST)).toEqual(token);
    expect(received).toMatchObject({
      method: 'POST',
      path: '/internal/token-exchange',
      headers: { authorization: 'Bearer internal-s3cret', 'content-type': 'application/json' },
      body: REQUEST,
    });
  });

  it('re-raises the OAuth error the service answered, with its description', async () => {
    answer = json(401, {
      error: 'invalid_client',
      error_description: 'The client is not authorized for token exchange',
    });
    const error = await failure();
    expect(error).toBeInstanceOf(InvalidClient);
    expect(error.description).toBe('The client is not authorized for token exchange');
    answer = json(400, { error: 'invalid_scope', error_description: "Unknown scope 'fly'" });
    expect(await failure()).toBeInstanceOf(InvalidScope);
  });

  it('answers server_error when the service refuses the internal token or answers nonsense', async () => {
    answer = json(401, { error: 'Invalid or missing internal service token' });
    expect(await failure()).toBeInstanceOf(ServerError);
    answer = json(400, {
      error: 'invalid_client',
      error_description: 'status does not fit the code',
    });
    expect(await failure()).toBeInstanceOf(ServerError);
    answer = (res) => res.writeHead(200).end('not json');
    expect(await failure()).toBeInstanceOf(ServerError);
  });

  it('answers temporarily_unavailable when the service cannot be reached', async () => {
    const unreachable = new HttpTokenExchangeClient(
      { url: 'http://127.0.0.1:1', internalToken: 'x', timeoutMs: 2000 },
      pino({ level: 'silent' }),
    );
    const error = await unreachable.exchange(REQUEST).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    await unreachable.onModuleDestroy();
    expect(error).toBeInstanceOf(TemporarilyUnavailable);
  });
});
