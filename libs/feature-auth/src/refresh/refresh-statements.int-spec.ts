import type { TokenResponseBody } from '@gatehouse/identity';
import { StatementCountingProxy, tallyStatements } from '@gatehouse/testing';
import { randomInt } from 'node:crypto';
import { postForm, startTokenTestApp, TokenTestApp } from '../testing/token-test-app';

/**
 * The PostgreSQL round trips of a refresh, counted on the wire by a proxy in front of the
 * database, so the one statement of a rotation (docs/benchmarks.md "Refresh") cannot creep back
 * up unnoticed. The client is read from the process's cache, warmed by a first refresh.
 */
describe('statements per refresh on PostgreSQL', () => {
  let proxy: StatementCountingProxy;
  let app: TokenTestApp;
  let userId: string;

  beforeAll(async () => {
    proxy = await StatementCountingProxy.inFrontOf(process.env.DATABASE_URL!);
    app = await startTokenTestApp([], {
      databaseUrl: proxy.url,
      signingKeyCacheTtlMs: 60_000,
      clientCacheTtlMs: 60_000,
    });
    userId = (await app.seedUser(`refresher${randomInt(1e9)}`)).id;
    await app.seedApp('hf-cli', { accessTokenTtlSeconds: 1800 });
  });

  afterAll(async () => {
    await app?.close();
    await proxy?.stop();
  });

  const signIn = () =>
    app.issue({
      kind: 'oauth',
      userId,
      clientId: 'hf-cli',
      scopes: ['openid', 'profile', 'read-repos'],
      orgIds: [],
      ttlSeconds: 1800,
      withRefreshToken: true,
      idToken: true,
    });

  async function refresh(refreshToken: string): Promise<TokenResponseBody> {
    const res = await postForm(`${app.url}/oauth/token`, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: 'hf-cli',
    });
    expect(res.status).toBe(200);
    return (await res.json()) as TokenResponseBody;
  }

  function byText(from: number): Record<string, number> {
    return Object.fromEntries(
      tallyStatements(proxy.statements, from).byText.map(({ text, count }) => [text, count]),
    );
  }

  it('a rotation: one, which finds, checks and spends the token and writes the new pair, with no BEGIN or COMMIT', async () => {
    await refresh((await signIn()).refresh_token!); // warms the client and signing-key caches
    const { refresh_token: refreshToken } = await signIn();
    const from = proxy.statements.length;
    const rotated = await refresh(refreshToken!);
    expect(byText(from)).toEqual({ 'WITH refresh_tokens (locking)': 1 });

    const again = proxy.statements.length;
    expect(await refresh(refreshToken!)).toEqual(rotated); // the retry within the grace
    expect(byText(again)).toEqual({ 'WITH refresh_tokens (locking)': 1 });
  });

  it('each connection parses the rotation and the issuance once, then only binds and executes them', async () => {
    for (let round = 0; round < 6; round += 1) await refresh((await signIn()).refresh_token!);
    for (const [statement, leading] of [
      ['rotation', 'WITH found AS'],
      ['issuance', 'WITH refresh AS (INSERT INTO refresh_tokens'],
    ] as const) {
      const executed = proxy.statements.filter(({ text }) => text.startsWith(leading));
      const parsed = proxy.parsed.filter(({ text }) => text.startsWith(leading));
      const connections = new Set(parsed.map(({ connection }) => connection));
      expect({ statement, executedAtLeast: executed.length >= 8 }).toEqual({
        statement,
        executedAtLeast: true,
      });
      expect({ statement, parses: parsed.length }).toEqual({
        statement,
        parses: connections.size,
      });
      expect(parsed.length).toBeLessThan(executed.length);
    }
  });
});
