import { hashPassword } from '@gatehouse/crypto';
import { s256CodeChallenge } from '@gatehouse/domain/testing';
import { StatementCountingProxy, tallyStatements } from '@gatehouse/testing';
import { randomInt } from 'node:crypto';
import { AuthModule } from '../auth.module';
import { CookieBrowser, hiddenField } from '../testing/cookie-browser';
import {
  postForm,
  startTokenTestApp,
  TEST_PUBLIC_URL,
  TokenTestApp,
} from '../testing/token-test-app';

const PASSWORD = 'correct horse battery staple';
const VERIFIER = 'verifier-'.repeat(6);
const REDIRECT = 'http://127.0.0.1:43123/callback';

/** Statements per request path by what they do, e.g. `{ 'SELECT users': 1, COMMIT: 1 }`. */
function byText(proxy: StatementCountingProxy, from: number): Record<string, number> {
  return Object.fromEntries(
    tallyStatements(proxy.statements, from).byText.map(({ text, count }) => [text, count]),
  );
}

/**
 * The PostgreSQL round trips of a sign-in, counted on the wire by a proxy in front of the
 * database (the one `npm run bench` counts with), so the figures docs/benchmarks.md reports
 * cannot creep back up unnoticed. The outbox relay's own transactions are counted apart.
 */
describe('statements per sign-in on PostgreSQL', () => {
  let proxy: StatementCountingProxy;
  let app: TokenTestApp;
  let passwordHash: string;
  let addresses = 0;

  beforeAll(async () => {
    proxy = await StatementCountingProxy.inFrontOf(process.env.DATABASE_URL!);
    app = await startTokenTestApp(
      [
        AuthModule.forRoot({
          publicUrl: TEST_PUBLIC_URL,
          authorizationCodeTtlSeconds: 60,
          signInSessionTtlSeconds: 3600,
          allowLoopbackTargets: false,
        }),
      ],
      { databaseUrl: proxy.url, signingKeyCacheTtlMs: 60_000, clientCacheTtlMs: 60_000 },
    );
    passwordHash = await hashPassword(PASSWORD);
    await app.seedUser(`owner${randomInt(1e9)}`); // the app's owner
    await app.seedApp('spa-app', {
      name: 'SPA',
      redirectUris: ['http://127.0.0.1/callback'],
      scopes: ['openid', 'profile'],
    });
  });

  afterAll(async () => {
    await app?.close();
    await proxy?.stop();
  });

  async function newVisitor(): Promise<{ browser: CookieBrowser; login: string }> {
    const login = `visitor${randomInt(1e9)}`;
    const user = await app.seedUser(login, { passwordHash });
    const org = await app.seedOrg(`org${randomInt(1e9)}`);
    await app.seedMembership(org.id, user.id, 'read');
    return { browser: new CookieBrowser(app.url, `198.51.100.${(addresses += 1)}`), login };
  }

  const authorizePath = () =>
    `/oauth/authorize?${new URLSearchParams({
      client_id: 'spa-app',
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'openid profile',
      state: 'st',
      code_challenge: s256CodeChallenge(VERIFIER),
      code_challenge_method: 'S256',
    })}`;

  /** The token request and the app's first userinfo, from the redirect back to the app. */
  async function redeem(location: string): Promise<void> {
    const code = new URL(location).searchParams.get('code')!;
    const tokens = await postForm(`${app.url}/oauth/token`, {
      grant_type: 'authorization_code',
      client_id: 'spa-app',
      code,
      redirect_uri: REDIRECT,
      code_verifier: VERIFIER,
    });
    expect(tokens.status).toBe(200);
    const { access_token: accessToken } = (await tokens.json()) as { access_token: string };
    expect(
      (
        await fetch(`${app.url}/oauth/userinfo`, {
          headers: { Authorization: `Bearer ${accessToken}` },
        })
      ).status,
    ).toBe(200);
  }

  /** authorize → sign-in page → password → authorize → consent page → answer → token → userinfo. */
  async function signInAsNewVisitor({
    browser,
    login,
  }: {
    browser: CookieBrowser;
    login: string;
  }): Promise<void> {
    const signInAt = (await browser.get(authorizePath())).headers.get('location')!;
    const signInPage = await (await browser.get(signInAt)).text();
    const signedIn = await browser.post('/oauth/login', {
      csrf_token: hiddenField(signInPage, 'csrf_token'),
      return_to: hiddenField(signInPage, 'return_to'),
      login,
      password: PASSWORD,
    });
    expect(signedIn.status).toBe(303);
    const consentAt = (await browser.get(signedIn.headers.get('location')!)).headers.get(
      'location',
    )!;
    expect(consentAt).toMatch(/^\/oauth\/consent\?/);
    const consentPage = await (await browser.get(consentAt)).text();
    const answered = await browser.post('/oauth/consent', {
      csrf_token: hiddenField(consentPage, 'csrf_token'),
      consent_id: hiddenField(consentPage, 'consent_id'),
      decision: 'authorize',
    });
    expect(answered.status).toBe(303);
    await redeem(answered.headers.get('location')!);
  }

  it('a new visitor: thirteen, the joined read at each authorize and at the answer, the password, whether a second factor is due, the new browser’s notice, the session listed, the consent, and the token write', async () => {
    await signInAsNewVisitor(await newVisitor()); // warms the signing keys' cache
    const visitor = await newVisitor();
    const from = proxy.statements.length;
    await signInAsNewVisitor(visitor);
    expect(byText(proxy, from)).toEqual({
      'SELECT oauth_apps': 3, // authorize twice and the consent answer (the joined read starts at the app); the token request's client is cached
      'SELECT users': 2, // the password; the address the new browser's notice is mailed to
      'SELECT totp_factors': 1, // whether the password alone signs in: the account's factors in one read
      // The notice of a sign-in from a new browser: its entry and its mail, in one transaction.
      'START TRANSACTION': 1,
      'INSERT security_events': 1,
      'INSERT outbox': 1,
      COMMIT: 1,
      'WITH sign_in_sessions': 1, // the session listed for the sessions page, the user's expired ones dropped
      'INSERT consents': 1,
      'WITH refresh_tokens': 1, // the token pair and their events: one statement, so no BEGIN and COMMIT around it
    });
  });

  it('a returning user: two, the joined read at authorize and the token write (the client is cached)', async () => {
    const visitor = await newVisitor();
    await signInAsNewVisitor(visitor);
    const { browser } = visitor;
    const from = proxy.statements.length;
    const back = await browser.get(authorizePath());
    expect(back.status).toBe(303);
    await redeem(back.headers.get('location')!);
    expect(byText(proxy, from)).toEqual({ 'SELECT oauth_apps': 1, 'WITH refresh_tokens': 1 });
  });
});
