import { closeDataSource, createDataSource } from '@gatehouse/persistence';
import { RunningAllInOne, startAllInOne } from '@gatehouse/testing';
import { join } from 'node:path';
import { CiProvider } from './support/ci-provider';
import { runCli } from './support/cli';
import { GrantResult, openidClientGrants } from './support/openid-client-grant';
import { DEMO, USER_EMAIL, writeDemoSeed } from './support/seed-file';

const ID_TOKEN = 'urn:ietf:params:oauth:token-type:id_token';
const AUDIENCE = 'gatehouse-e2e';

describe('token exchange against the all-in-one (npm start)', () => {
  const ci = new CiProvider();
  let gatehouse: RunningAllInOne;
  let dataDir: string;
  let base: string;

  beforeAll(async () => {
    await ci.start();
    gatehouse = await startAllInOne({
      listeningUrlIsPublic: true,
      env: { GATEHOUSE_ALLOW_LOOPBACK_TARGETS: 'true' },
      seed: (dir) =>
        writeDemoSeed(join(dir, 'seed.yaml'), [
          {
            issuer: ci.issuer,
            jwksUri: ci.jwksUri,
            audience: AUDIENCE,
            conditions: { repository: 'acme/bert-training', workflow: 'release' },
            repository: { type: 'model', name: 'acme/bert' },
          },
        ]),
    });
    ({ url: base, dataDir } = gatehouse);
  });

  afterAll(async () => {
    await gatehouse?.stop();
    await ci.stop();
  });

  const exchangeAs = (
    email: string,
    fields: Partial<{
      scope: string;
      clientSecret: string;
      clientId: string;
      subjectTokenType: string;
    }> = {},
  ) => ({
    clientId: fields.clientId ?? DEMO.clientId,
    clientSecret: 'clientSecret' in fields ? fields.clientSecret : DEMO.clientSecret,
    params: {
      subject_token: email,
      subject_token_type: fields.subjectTokenType ?? USER_EMAIL,
      ...(fields.scope && { scope: fields.scope }),
    },
  });

  it("performs the exchange with openid-client's generic grant request (id_token verified by openid-client)", async () => {
    const [alice, bob] = await openidClientGrants(base, [
      exchangeAs('alice@example.com', { scope: 'openid profile read-repos' }),
      exchangeAs('bob@example.com', { scope: 'read-repos' }),
    ]);
    expect(alice).toEqual({
      ok: true,
      tokens: {
        access_token: expect.stringMatching(/^hf_oauth_/),
        token_type: 'bearer',
        expires_in: 28_800,
        scope: 'openid profile read-repos',
        id_token: expect.any(String),
        issued_token_type: 'urn:ietf:params:oauth:token-type:access_token',
      },
      claims: expect.objectContaining({
        iss: base,
        aud: DEMO.clientId,
        preferred_username: 'alice',
      }),
    });
    expect(bob).toMatchObject({
      ok: true,
      tokens: { scope: 'read-repos', expires_in: 28_800 },
      claims: null,
    });
    const bobTokens = tokensOf(bob!);
    expect(bobTokens).not.toHaveProperty('refresh_token');
    const whoami = await fetch(`${base}/api/whoami-v2`, {
      headers: { Authorization: `Bearer ${bobTokens.access_token as string}` },
    });
    expect(whoami.status).toBe(200);
    expect(await whoami.json()).toMatchObject({ name: 'bob' });
  });

  it('answers each token-exchange error with its code and status (RFC 6749 §5.2, RFC 8693 §2.2.2)', async () => {
    const results = await openidClientGrants(base, [
      exchangeAs('alice@example.com', { clientSecret: 'not-the-secret' }),
      exchangeAs('alice@example.com', { clientSecret: undefined }),
      exchangeAs('alice@example.com', {
        clientId: '0f6f4d1e-5a7b-4c3d-9e2f-1a2b3c4d5e6f',
        clientSecret: 'demo-web-app-secret-0123456789',
      }),
      exchangeAs('nobody@example.com'),
      exchangeAs('alice@example.com', { scope: 'manage-repos' }),
      exchangeAs('alice@example.com', {
        subjectTokenType: 'urn:ietf:params:oauth:token-type:access_token',
      }),
    ]);
    expect(
      results.map((result) => (result.ok ? 'ok' : `${result.status} ${result.error}`)),
    ).toEqual([
      '401 invalid_client',
      '401 invalid_client',
      '401 invalid_client',
      '400 invalid_grant',
      '400 invalid_scope',
      '400 invalid_request',
    ]);
  });

  it('lets an organization admin set the token duration with the CLI', async () => {
    const env = { GATEHOUSE_ENDPOINT: base, GATEHOUSE_TOKEN: DEMO.aliceWriteToken };
    const set = await runCli(
      ['orgs', 'token-exchange', 'set-duration', 'acme', DEMO.clientId, '30m'],
      env,
    );
    expect(set).toEqual({
      code: 0,
      output: `Tokens exchanged by ${DEMO.clientId} now last 30m.\n`,
    });
    const [after] = await openidClientGrants(base, [exchangeAs('bob@example.com')]);
    expect(after).toMatchObject({ ok: true, tokens: { expires_in: 1800 } });

    const refused = await runCli(
      ['orgs', 'token-exchange', 'set-duration', 'acme', DEMO.clientId, '2m'],
      env,
    );
    expect(refused).toEqual({
      code: 1,
      output: 'gatehouse: 400 tokenDurationSeconds must be at least 300 seconds (5 minutes)\n',
    });
  });

  describe('trusted publishers (CI id_token, JSON body, no client credentials)', () => {
    const claims = {
      aud: AUDIENCE,
      sub: 'repo:acme/bert-training:ref:refs/heads/main',
      repository: 'acme/bert-training',
      workflow: 'release',
    };
    const ciExchange = (subjectToken: string) =>
      fetch(`${base}/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
          subject_token_type: ID_TOKEN,
          subject_token: subjectToken,
        }),
      });

    it('answers a one-hour hf_jwt_ token for the repository', async () => {
      const res = await ciExchange(ci.sign(claims));
      expect(res.status).toBe(200);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toEqual({
        access_token: expect.stringMatching(/^hf_jwt_/),
        token_type: 'bearer',
        expires_in: 3600,
        scope: '',
        issued_token_type: 'urn:ietf:params:oauth:token-type:access_token',
      });
      const introspection = await fetch(`${base}/oauth/introspect`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Authorization: `Bearer ${gatehouse.internalToken()}`,
        },
        body: new URLSearchParams({ token: body.access_token as string }).toString(),
      });
      expect(await introspection.json()).toMatchObject({
        active: true,
        kind: 'trusted_publisher',
        repo: { type: 'model', name: 'acme/bert' },
      });
    });

    it.each([
      [
        'a wrong audience',
        () => ci.sign({ ...claims, aud: 'https://huggingface.co' }),
        'invalid_request',
        'subject_token audience is not accepted',
      ],
      [
        'an expired token',
        () =>
          ci.sign({
            ...claims,
            iat: Math.floor(Date.now() / 1000) - 900,
            exp: Math.floor(Date.now() / 1000) - 300,
          }),
        'invalid_request',
        'subject_token has expired',
      ],
      [
        'an unmatched repository',
        () => ci.sign({ ...claims, repository: 'mallory/bert-training' }),
        'invalid_grant',
        'No trusted publisher matches this token (repository, workflow or environment)',
      ],
      [
        'a forged signature',
        () => ci.sign(claims).replace(/\.[^.]+$/, '.AAAA'),
        'invalid_request',
        'subject_token signature does not verify',
      ],
    ])('refuses %s', async (_case, token, error, description) => {
      const res = await ciExchange(token());
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error, error_description: description });
    });

    it('fetched the JWKS once and kept it', () => {
      expect(ci.jwksRequests).toBe(1);
    });
  });

  it('shows the exchanges in the audit log, and the verification command names a corrupted row', async () => {
    const env = { GATEHOUSE_ENDPOINT: base, GATEHOUSE_TOKEN: DEMO.aliceWriteToken };
    const log = await runCli(['orgs', 'audit', 'log', 'acme', '--json', '--limit', '200'], env);
    expect(log.code).toBe(0);
    const { entries } = JSON.parse(log.output) as {
      entries: Array<{
        seq: number;
        id: string;
        action: string;
        outcome: string;
        errorCode: string | null;
      }>;
    };
    const actions = entries.map(
      (entry) => `${entry.action} ${entry.outcome}${entry.errorCode ? ` ${entry.errorCode}` : ''}`,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        'oauth.token_exchange success',
        'oauth.token_exchange failure invalid_grant',
        'oauth.trusted_publisher_exchange success',
        'settings.token_duration_changed success',
      ]),
    );

    // The PGlite files belong to one process at a time: stop the server to play the tamperer.
    expect(await gatehouse.process.stop()).toEqual({ code: 0, signal: null });
    const intact = await runCli(['orgs', 'audit', 'verify', 'acme', '--data-dir', dataDir], {
      DATABASE_URL: '',
    });
    expect(intact).toEqual({
      code: 0,
      output: `Audit log of acme: ${entries.length} entries, hash chain intact.\n`,
    });

    const victim = entries.find((entry) => entry.seq === 3)!;
    const db = await createDataSource({ type: 'pglite', dataDir: join(dataDir, 'pglite') });
    try {
      await db.query('ALTER TABLE audit_log DISABLE TRIGGER USER');
      await db.query(`UPDATE audit_log SET subject = 'mallory@example.com' WHERE id = $1`, [
        victim.id,
      ]);
      await db.query('ALTER TABLE audit_log ENABLE TRIGGER USER');
    } finally {
      await closeDataSource(db);
    }
    const broken = await runCli(['orgs', 'audit', 'verify', 'acme', '--data-dir', dataDir], {
      DATABASE_URL: '',
    });
    expect(broken).toEqual({
      code: 1,
      output: `gatehouse: Audit log of acme is broken at entry seq 3 (id ${victim.id}): content does not match its hash (the entry was changed) (2 entries before it verified).\n`,
    });
  });
});

function tokensOf(result: GrantResult): Record<string, unknown> {
  if (!result.ok)
    throw new Error(
      `the exchange failed: ${result.status} ${result.error} ${result.error_description}`,
    );
  return result.tokens;
}
