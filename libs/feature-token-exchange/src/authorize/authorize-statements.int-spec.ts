import { StatementCountingProxy, tallyStatements } from '@gatehouse/testing';
import {
  privateOrgRepo,
  startTokenExchangeTestApps,
  TokenExchangeTestApps,
} from '../testing/token-exchange-test-app';

const CHECKS = 5;

/**
 * The round trips of `/internal/authorize`, counted on the wire (the proxy `npm run bench` counts
 * with), with principals cached in Redis and in the process as deployed.
 */
describe('statements per /internal/authorize on PostgreSQL', () => {
  let proxy: StatementCountingProxy;
  let apps: TokenExchangeTestApps;
  let acmeId: string;
  let token: string;

  beforeAll(async () => {
    proxy = await StatementCountingProxy.inFrontOf(process.env.DATABASE_URL!);
    apps = await startTokenExchangeTestApps({
      databaseUrl: proxy.url,
      redisLabel: 'authorize-statements',
    });
    acmeId = (await apps.seedOrg('acme')).id;
    const bob = await apps.seedUser('bob');
    await apps.seedMembership(acmeId, bob.id, 'write');
    token = await apps.seedPersonalToken(bob.id, 'write');
  });

  afterAll(async () => {
    await apps?.close();
    await proxy?.stop();
  });

  const authorize = async () => {
    const res = await apps.authorize({
      token,
      permission: 'repo.write',
      resource: privateOrgRepo(acmeId),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { allow: boolean };
  };

  it('reads the token with its user, memberships and two-factor standing in one statement, then answers from the cached principal with none', async () => {
    const first = proxy.statements.length;
    expect((await authorize()).allow).toBe(true);
    const miss = tallyStatements(proxy.statements, first);
    // The tally names the first table a text mentions: the token's read starts with the
    // memberships' subquery.
    expect(miss.byText.map(({ text, count }) => [text, count])).toEqual([
      ['SELECT memberships', 1],
    ]);
    expect(miss.requestPath).toBe(1);

    const from = proxy.statements.length;
    for (let n = 0; n < CHECKS; n += 1) expect((await authorize()).allow).toBe(true);
    expect(tallyStatements(proxy.statements, from).requestPath).toBe(0);
  });
});
