import { StatementCountingProxy, tallyStatements } from '@gatehouse/testing';
import {
  basicAuth,
  postForm,
  startTokenExchangeTestApps,
  TEST_USER_EMAIL_TOKEN_TYPE,
  TokenExchangeTestApps,
} from '../testing/token-exchange-test-app';

const GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
const SECRET = 'acme-exchange-secret-0123456789';
const EXCHANGES = 5;

/**
 * The round trips of one exchange, counted on the wire: every connection of both services goes
 * through a proxy that reads the PostgreSQL protocol (the same one `npm run bench` counts with).
 * The outbox relay's own transactions are background work and counted apart.
 */
describe('statements per token exchange on PostgreSQL', () => {
  let proxy: StatementCountingProxy;
  let apps: TokenExchangeTestApps;

  beforeAll(async () => {
    proxy = await StatementCountingProxy.inFrontOf(process.env.DATABASE_URL!);
    apps = await startTokenExchangeTestApps({ databaseUrl: proxy.url, clientCacheTtlMs: 60_000 });
    const acme = await apps.seedOrg('acme');
    const bob = await apps.seedUser('bob');
    await apps.seedMembership(acme.id, bob.id, 'read');
    await apps.seedExchangeApp('acme-exchange', SECRET, acme.id);
  });

  afterAll(async () => {
    await apps?.close();
    await proxy?.stop();
  });

  const exchange = () =>
    postForm(
      `${apps.authUrl}/oauth/token`,
      {
        grant_type: GRANT,
        subject_token: 'bob@example.com',
        subject_token_type: TEST_USER_EMAIL_TOKEN_TYPE,
        scope: 'openid read-repos',
      },
      { Authorization: basicAuth('acme-exchange', SECRET) },
    );

  it('runs five with an id_token: the organization with the subject, its role and whether it requires two factors (one read), then one transaction writing the token with the audit head locked, and the audit entry; the client is cached', async () => {
    expect((await exchange()).status).toBe(200); // warms the signing keys' and the client's caches
    const from = proxy.statements.length;
    for (let n = 0; n < EXCHANGES; n += 1) expect((await exchange()).status).toBe(200);
    const tally = tallyStatements(proxy.statements, from);
    expect(
      Object.fromEntries(tally.byText.map(({ text, count }) => [text, count / EXCHANGES])),
    ).toEqual({
      // One read of the organization, the subject and its role; the tally names the first table
      // the text mentions, the two-factor policy's subquery.
      'SELECT organization_token_policies': 1,
      'START TRANSACTION': 1,
      'WITH outbox (locking)': 1,
      'WITH audit_log': 1,
      COMMIT: 1,
    });
    expect(tally.requestPath).toBe(5 * EXCHANGES);
  });
});
