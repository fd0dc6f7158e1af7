import { InvalidClient, OAuthError, RateLimited } from '@gatehouse/domain';
import { FrozenClock } from '@gatehouse/domain/testing';
import { MemoryFlowStore } from '@gatehouse/flow-state';
import {
  ClientMetadataResolver,
  FAILURE_MEMORY_MS,
  FETCHES_PER_HOST,
  FETCHES_PER_REQUESTER,
} from './client-metadata-resolver';
import { FakeMetadataDocumentFetcher } from '../testing/fake-metadata-document-fetcher';

const URL_A = 'https://tool.example/.well-known/oauth-cimd';
const ME = '203.0.113.7';
const document = (fields: Record<string, unknown> = {}) => ({
  client_id: URL_A,
  client_name: 'Tool',
  redirect_uris: ['https://tool.example/callback'],
  token_endpoint_auth_method: 'none',
  ...fields,
});

describe('ClientMetadataResolver', () => {
  let clock: FrozenClock;
  let flow: MemoryFlowStore;
  let fetcher: FakeMetadataDocumentFetcher;
  let resolver: ClientMetadataResolver;

  beforeEach(() => {
    clock = new FrozenClock();
    flow = new MemoryFlowStore({ clock });
    fetcher = new FakeMetadataDocumentFetcher();
    resolver = new ClientMetadataResolver(flow, fetcher, clock);
  });

  afterEach(() => flow.close());

  async function failure(promise: Promise<unknown>): Promise<string> {
    const error = await promise.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(OAuthError);
    expect((error as OAuthError).code).toBe('invalid_client');
    return (error as OAuthError).description;
  }

  it('validates the document and keeps it within its Cache-Control', async () => {
    fetcher.documents.set(URL_A, {
      json: document({ logo_uri: 'https://tool.example/logo.png', unknown: 1 }),
      cacheHeaders: { cacheControl: 'max-age=120' },
    });
    expect(await resolver.resolve(URL_A, ME)).toEqual({
      clientId: URL_A,
      clientName: 'Tool',
      redirectUris: ['https://tool.example/callback'],
      tokenEndpointAuthMethod: 'none',
      logoUri: 'https://tool.example/logo.png',
      clientUri: null,
      hostname: 'tool.example',
    });
    clock.advance(119_000);
    await resolver.resolve(URL_A, ME);
    expect(fetcher.fetched).toHaveLength(1);
    clock.advance(1_000);
    await resolver.resolve(URL_A, ME);
    expect(fetcher.fetched).toHaveLength(2);
  });

  it('keeps a document at least 30 s and at most 24 h', async () => {
    fetcher.documents.set(URL_A, { json: document(), cacheHeaders: { cacheControl: 'no-store' } });
    await resolver.resolve(URL_A, ME);
    clock.advance(29_000);
    await resolver.resolve(URL_A, ME);
    expect(fetcher.fetched).toHaveLength(1);
    fetcher.documents.set(URL_A, {
      json: document(),
      cacheHeaders: { cacheControl: 'max-age=999999' },
    });
    clock.advance(1_000);
    await resolver.resolve(URL_A, ME);
    clock.advance(24 * 3600_000);
    await resolver.resolve(URL_A, ME);
    expect(fetcher.fetched).toHaveLength(3);
  });

  it('remembers a failure or an invalid document for a few seconds only, and fetches again after', async () => {
    fetcher.documents.set(
      URL_A,
      new InvalidClient('The client metadata document answered HTTP 500'),
    );
    expect(await failure(resolver.resolve(URL_A, ME))).toBe(
      'The client metadata document answered HTTP 500',
    );
    expect(await failure(resolver.resolve(URL_A, 'someone else'))).toBe(
      'The client metadata document answered HTTP 500',
    );
    expect(fetcher.fetched).toHaveLength(1);
    fetcher.documents.set(URL_A, {
      json: document({ client_id: 'https://other.example/.well-known/oauth-cimd' }),
    });
    clock.advance(FAILURE_MEMORY_MS);
    expect(await failure(resolver.resolve(URL_A, ME))).toBe(
      'client metadata document client_id must equal the URL it was fetched from',
    );
    fetcher.documents.set(URL_A, { json: document() });
    clock.advance(FAILURE_MEMORY_MS);
    await resolver.resolve(URL_A, ME);
    expect(fetcher.fetched).toHaveLength(3);
  });

  it.each([
    ['a secret', { client_secret: 'x' }, 'client metadata document must not contain client_secret'],
    [
      'a shared-secret method',
      { token_endpoint_auth_method: 'client_secret_basic' },
      'client metadata document must not use shared-secret authentication (client_secret_basic)',
    ],
    [
      'no redirect URIs',
      { redirect_uris: [] },
      'client metadata document is invalid: redirect_uris must not be empty',
    ],
  ])('refuses a document with %s', async (_case, fields, description) => {
    fetcher.documents.set(URL_A, { json: document(fields) });
    expect(await failure(resolver.resolve(URL_A, ME))).toBe(description);
  });

  it('refuses a client ID that is not a proper https URL without fetching', async () => {
    expect(await failure(resolver.resolve('http://tool.example/.well-known/oauth-cimd', ME))).toBe(
      'client_id URL must use the https scheme',
    );
    expect(await failure(resolver.resolve('https://tool.example/a/../oauth-cimd', ME))).toBe(
      'client_id URL must not contain . or .. segments',
    );
    expect(fetcher.fetched).toEqual([]);
  });

  it('shares one fetch between concurrent requests for one URL', async () => {
    fetcher.documents.set(URL_A, { json: document() });
    let open!: () => void;
    fetcher.gate = new Promise((resolve) => (open = resolve));
    const pending = Promise.all([
      resolver.resolve(URL_A, ME),
      resolver.resolve(URL_A, ME),
      resolver.resolve(URL_A, ME),
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    open();
    const results = await pending;
    expect(results.map((result) => result.clientName)).toEqual(['Tool', 'Tool', 'Tool']);
    expect(fetcher.fetched).toEqual([URL_A]);
  });

  it('limits document fetches per host: an attacker cannot make the server fetch from one site at full speed', async () => {
    for (let attempt = 0; attempt < FETCHES_PER_HOST; attempt += 1) {
      const url = `https://tool.example/doc-${attempt}`;
      fetcher.documents.set(url, { json: document({ client_id: url }) });
      await resolver.resolve(url, `requester-${attempt}`);
    }
    const limited = await resolver.resolve(URL_A, 'a newcomer').then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(limited).toBeInstanceOf(RateLimited);
    expect(limited).toMatchObject({ code: 'temporarily_unavailable', retryAfterSeconds: 60 });
    expect(fetcher.fetched).toHaveLength(FETCHES_PER_HOST);
    const other = 'https://other.example/.well-known/oauth-cimd';
    fetcher.documents.set(other, {
      json: document({ client_id: other, redirect_uris: ['https://other.example/cb'] }),
    });
    expect((await resolver.resolve(other, 'a newcomer')).hostname).toBe('other.example');
    clock.advance(60_000);
    fetcher.documents.set(URL_A, { json: document() });
    expect((await resolver.resolve(URL_A, 'a newcomer')).clientName).toBe('Tool');
  });

  it('spends a budget per requester: one address that fetches many documents does not slow anyone else', async () => {
    for (let attempt = 0; attempt < FETCHES_PER_REQUESTER; attempt += 1) {
      const url = `https://site-${attempt}.example/client.json`;
      fetcher.documents.set(url, {
        json: document({ client_id: url, redirect_uris: [`https://site-${attempt}.example/cb`] }),
      });
      await resolver.resolve(url, ME);
    }
    fetcher.documents.set(URL_A, { json: document() });
    expect(
      await resolver.resolve(URL_A, ME).then(
        () => null,
        (thrown: unknown) => thrown,
      ),
    ).toBeInstanceOf(RateLimited);
    expect((await resolver.resolve(URL_A, 'someone else')).clientName).toBe('Tool');
  });

  it('spends nothing on a client ID whose host is refused: a storm of them leaves every budget whole', async () => {
    for (let attempt = 0; attempt < 300; attempt += 1) {
      expect(await failure(resolver.resolve(`https://10.9.8.7/client-${attempt}.json`, ME))).toBe(
        "The client metadata document's host is not allowed",
      );
    }
    expect(fetcher.fetched).toEqual([]);
    fetcher.documents.set(URL_A, { json: document() });
    expect((await resolver.resolve(URL_A, ME)).clientName).toBe('Tool');
  });

  it('serves a known app its stale document rather than a 429 when the budget is spent', async () => {
    fetcher.documents.set(URL_A, {
      json: document(),
      cacheHeaders: { cacheControl: 'max-age=60' },
    });
    await resolver.resolve(URL_A, ME);
    clock.advance(61_000);
    for (let attempt = 0; attempt < FETCHES_PER_HOST; attempt += 1) {
      const url = `https://tool.example/doc-${attempt}`;
      fetcher.documents.set(url, { json: document({ client_id: url }) });
      await resolver.resolve(url, `requester-${attempt}`);
    }
    fetcher.documents.set(URL_A, { json: document({ client_name: 'Tool, renamed' }) });
    expect((await resolver.resolve(URL_A, 'a newcomer')).clientName).toBe('Tool');
    clock.advance(60_000);
    expect((await resolver.resolve(URL_A, 'a newcomer')).clientName).toBe('Tool, renamed');
  });
});
