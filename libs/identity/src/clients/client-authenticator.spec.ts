import { hashToken } from '@gatehouse/crypto';
import { InvalidClient, InvalidRequest, OAuthError, RateLimited } from '@gatehouse/domain';
import { FrozenClock } from '@gatehouse/domain/testing';
import { MemoryFlowStore } from '@gatehouse/flow-state';
import type { TokenRequestContext } from '../grants/token-request-context';
import { InMemoryClientLookup } from '../testing/in-memory-client-lookup';
import { CLIENT_SECRET_FAILURES_ALLOWED, ClientAuthenticator } from './client-authenticator';

const CIMD = 'https://app.example/.well-known/oauth-cimd';

function ctx(
  params: Record<string, string>,
  authorization?: string,
  ip = '203.0.113.7',
): TokenRequestContext {
  return { params, authorization, ip, now: new Date(0) };
}

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

describe('ClientAuthenticator', () => {
  let clients: InMemoryClientLookup;
  let authenticator: ClientAuthenticator;
  let clock: FrozenClock;

  beforeEach(() => {
    clock = new FrozenClock();
    clients = new InMemoryClientLookup();
    clients.addApp({
      clientId: 'confidential',
      clientSecretHash: hashToken('s3cret'),
      scopes: ['read-repos'],
      accessTokenTtlSeconds: 600,
    });
    clients.addApp({ clientId: 'public', scopes: [] });
    authenticator = new ClientAuthenticator(clients, new MemoryFlowStore({ clock }));
  });

  async function failure(promise: Promise<unknown>): Promise<OAuthError> {
    const error = await promise.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(OAuthError);
    return error as OAuthError;
  }

  it('answers 429 to an address that keeps guessing a client secret, even the right one, until the window ends', async () => {
    for (let attempt = 0; attempt < CLIENT_SECRET_FAILURES_ALLOWED; attempt += 1) {
      expect(
        (
          await failure(
            authenticator.authenticate(ctx({}, basic('confidential', `guess-${attempt}`))),
          )
        ).code,
      ).toBe('invalid_client');
    }
    const limited = await failure(
      authenticator.authenticate(ctx({}, basic('confidential', 's3cret'))),
    );
    expect(limited).toBeInstanceOf(RateLimited);
    expect(limited.description).toBe(
      'Too many failed client authentications from your address; try again later',
    );
    expect((limited as RateLimited).retryAfterSeconds).toBe(600);
    expect(
      await authenticator.authenticate(ctx({}, basic('confidential', 's3cret'), '198.51.100.4')),
    ).toMatchObject({ clientId: 'confidential' });
    clock.advance(600_000);
    expect(
      await authenticator.authenticate(ctx({}, basic('confidential', 's3cret'))),
    ).toMatchObject({ clientId: 'confidential' });
  });

  it('accepts client_secret_basic', async () => {
    const client = await authenticator.authenticate(ctx({}, basic('confidential', 's3cret')));
    expect(client).toMatchObject({
      clientId: 'confidential',
      method: 'client_secret_basic',
      kind: 'registered',
      accessTokenTtlSeconds: 600,
      scopes: ['read-repos'],
    });
  });

  it('accepts client_secret_post', async () => {
    const client = await authenticator.authenticate(
      ctx({ client_id: 'confidential', client_secret: 's3cret' }),
    );
    expect(client.method).toBe('client_secret_post');
  });

  it('accepts a public app by client_id alone (huggingface_hub refresh and device polls)', async () => {
    expect(await authenticator.authenticate(ctx({ client_id: 'public' }))).toMatchObject({
      clientId: 'public',
      method: 'none',
      app: expect.anything(),
    });
  });

  it('treats a metadata-document client as public, with the default lifetime', async () => {
    expect(await authenticator.authenticate(ctx({ client_id: CIMD }))).toEqual({
      clientId: CIMD,
      method: 'none',
      kind: 'metadata_document',
      app: null,
      accessTokenTtlSeconds: 28_800,
      scopes: [],
    });
    expect(
      await failure(authenticator.authenticate(ctx({ client_id: CIMD, client_secret: 'x' }))),
    ).toBeInstanceOf(InvalidClient);
  });

  it.each([
    ['a wrong secret', ctx({}, basic('confidential', 'nope'))],
    ['no secret for a confidential app', ctx({ client_id: 'confidential' })],
    ['an unknown client', ctx({ client_id: 'nobody' })],
    ['a secret for a public app', ctx({ client_id: 'public', client_secret: 'x' })],
    [
      'a body client_id other than the Basic one',
      ctx({ client_id: 'public' }, basic('confidential', 's3cret')),
    ],
    ['no client at all', ctx({})],
  ])('refuses %s with invalid_client', async (_case, request) => {
    expect((await failure(authenticator.authenticate(request))).code).toBe('invalid_client');
  });

  it('refuses two authentication methods at once with invalid_request', async () => {
    const error = await failure(
      authenticator.authenticate(ctx({ client_secret: 's3cret' }, basic('confidential', 's3cret'))),
    );
    expect(error).toBeInstanceOf(InvalidRequest);
  });

  it('resolves to null for a request naming no client when the grant allows it', async () => {
    expect(await authenticator.authenticate(ctx({}), { allowMissingClientId: true })).toBeNull();
  });

  it('takes the client of the grant when the request names none (huggingface.js code exchange)', async () => {
    expect(
      await authenticator.authenticate(ctx({}), { clientIdFromGrant: 'public' }),
    ).toMatchObject({ clientId: 'public', method: 'none' });
    expect(
      (await failure(authenticator.authenticate(ctx({}), { clientIdFromGrant: 'confidential' })))
        .code,
    ).toBe('invalid_client');
    expect(
      await authenticator.authenticate(ctx({}), {
        clientIdFromGrant: 'confidential',
        pkceBoundCode: true,
      }),
    ).toMatchObject({
      clientId: 'confidential',
      method: 'none',
    });
  });
});
