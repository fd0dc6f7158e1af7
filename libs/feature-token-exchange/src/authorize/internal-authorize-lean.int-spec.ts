import { listenThroughExpress, RawCall, sendRaw } from '@gatehouse/platform/testing';
import {
  privateOrgRepo,
  startTokenExchangeTestApps,
  TEST_INTERNAL_TOKEN,
  TokenExchangeTestApps,
} from '../testing/token-exchange-test-app';

/**
 * `POST /internal/authorize` is a lean route (`@LeanRoute()`): each request is sent to the service
 * and to a second server over the same Express instance (Express's router and the Nest route), on
 * PostgreSQL and Redis, and the two answers compared byte for byte but the `Date`.
 */
describe('/internal/authorize answers as the Nest route', () => {
  let apps: TokenExchangeTestApps;
  let express: Awaited<ReturnType<typeof listenThroughExpress>>;
  let acmeId: string;
  let token: string;
  let revokedToken: string;

  beforeAll(async () => {
    apps = await startTokenExchangeTestApps({ redisLabel: 'authorize-lean' });
    express = await listenThroughExpress(apps.service.app);
    acmeId = (await apps.seedOrg('acme')).id;
    const bob = await apps.seedUser('bob');
    await apps.seedMembership(acmeId, bob.id, 'write');
    token = await apps.seedPersonalToken(bob.id, 'write');
    revokedToken = await apps.seedPersonalToken(bob.id, 'write', { revokedAt: new Date() });
  });

  afterAll(async () => {
    await express?.close();
    await apps?.close();
  });

  const question = (bearer: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      token: bearer,
      permission: 'repo.write',
      resource: privateOrgRepo(acmeId),
      ...extra,
    });
  const headers = {
    'Content-Type': 'application/json',
    Authorization: `Bearer ${TEST_INTERNAL_TOKEN}`,
  };
  const post = (body: string, sent: Record<string, string> = headers): RawCall => ({
    method: 'POST',
    path: '/internal/authorize',
    headers: sent,
    body,
  });

  const cases: Array<[string, () => RawCall, number]> = [
    ['an allowed token', () => post(question(token)), 200],
    ['a token read again from the cache', () => post(question(token)), 200],
    ['a bad token', () => post(question('hf_not-a-token')), 200],
    ['a revoked token', () => post(question(revokedToken)), 200],
    ['no internal token', () => post(question(token), { 'Content-Type': 'application/json' }), 401],
    [
      'a wrong internal token',
      () =>
        post(question(token), {
          'Content-Type': 'application/json',
          Authorization: 'Bearer not-the-internal-token',
        }),
      401,
    ],
    ['a malformed JSON body', () => post('{"token":'), 400],
    ['a body failing validation', () => post(question(token, { action: 'read' })), 400],
    ['a body without a token', () => post(question('')), 400],
    ['a wrong method', () => ({ method: 'GET', path: '/internal/authorize', headers }), 405],
  ];

  it.each(cases)('%s', async (_name, call, status) => {
    const sent = call();
    const request = { ...sent, headers: { 'X-Request-Id': 'lean-authorize-1', ...sent.headers } };
    const lean = await sendRaw(apps.serviceUrl, request);
    const nest = await sendRaw(express.url, request);
    expect(lean.status).toBe(status);
    expect(lean).toEqual(nest);
  });
});
