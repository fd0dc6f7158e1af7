import { hashToken } from '@gatehouse/crypto';
import { type AuthorizationParams, InvalidClient } from '@gatehouse/domain';
import { s256CodeChallenge } from '@gatehouse/domain/testing';
import type { SignedInSession } from '@gatehouse/identity';
import { AuthorizeOutcome } from './authorize.service';
import {
  AuthorizeTestKit,
  createAuthorizeTestKit,
  TEST_ISSUER,
} from '../testing/authorize-test-kit';

const ALICE = 'a'.repeat(24);
const ACME = '1'.repeat(24);
const BETA = '2'.repeat(24);
const WEB_REDIRECT = 'https://app.example/oauth/callback?_target_url=%2F';
const CHALLENGE = s256CodeChallenge('x'.repeat(50));
const CIMD = 'https://tool.example/.well-known/oauth-cimd';

describe('AuthorizeService', () => {
  let kit: AuthorizeTestKit;
  let session: SignedInSession;

  beforeEach(() => {
    kit = createAuthorizeTestKit();
    const { identity } = kit;
    identity.accounts.addUser({ id: ALICE, username: 'alice' });
    identity.accounts.addMembership(ALICE, { id: ACME, name: 'acme' }, 'admin');
    identity.accounts.addMembership(ALICE, { id: BETA, name: 'beta' }, 'read');
    identity.clients.addApp({
      clientId: 'web-app',
      name: 'Web App',
      clientSecretHash: hashToken('s'),
      redirectUris: [WEB_REDIRECT],
      scopes: ['openid', 'profile', 'email', 'read-repos'],
    });
    identity.clients.addApp({
      clientId: 'spa',
      name: 'SPA',
      redirectUris: ['http://127.0.0.1/callback'],
      scopes: [],
    });
    session = {
      id: 'session',
      data: { csrfToken: 'csrf', userId: ALICE, authTime: identity.clock.now() - 60_000 },
    };
  });

  afterEach(() => kit.flow.close());

  const authorize = (params: AuthorizationParams, signedIn: SignedInSession | null) =>
    kit.authorize.authorize(params, signedIn, '203.0.113.7');

  const webParams = (extra: Record<string, string | string[]> = {}) => ({
    client_id: 'web-app',
    redirect_uri: WEB_REDIRECT,
    response_type: 'code',
    scope: 'openid profile email',
    state: 'st-1',
    nonce: 'n-1',
    ...extra,
  });

  function redirectParams(outcome: AuthorizeOutcome): Record<string, string> {
    expect(outcome.kind).toBe('redirect');
    const location = (outcome as { location: string }).location;
    return Object.fromEntries(new URL(location).searchParams);
  }

  async function approve(
    outcome: AuthorizeOutcome,
    orgIds: string[] = [],
  ): Promise<AuthorizeOutcome> {
    expect(outcome.kind).toBe('redirect');
    const consentId = new URL(
      (outcome as { location: string }).location,
      TEST_ISSUER,
    ).searchParams.get('consent_id')!;
    const decided = await kit.consents.decide(consentId, ALICE, { decision: 'authorize', orgIds });
    expect(decided?.kind).toBe('redirect');
    return { kind: 'redirect', location: (decided as { location: string }).location };
  }

  describe('requests that must not redirect (error page)', () => {
    it.each([
      [
        'no client_id',
        { client_id: '' },
        'invalid_request',
        'client_id is required and must appear once',
      ],
      ['an unknown client', { client_id: 'nobody' }, 'invalid_client', 'Unknown client'],
      [
        'no redirect_uri',
        { redirect_uri: '' },
        'invalid_request',
        'redirect_uri is required and must appear once',
      ],
      [
        'an unregistered redirect_uri',
        { redirect_uri: 'https://evil.example/cb' },
        'invalid_request',
        'redirect_uri does not match any redirect URI registered for this app',
      ],
      [
        'an extra query on the redirect_uri',
        { redirect_uri: `${WEB_REDIRECT}&x=1` },
        'invalid_request',
        'redirect_uri does not match any redirect URI registered for this app',
      ],
    ])('%s', async (_case, extra, code, description) => {
      const outcome = await authorize(webParams(extra), session);
      expect(outcome.kind).toBe('error_page');
      expect(outcome).toMatchObject({ error: { code, description } });
    });

    it('shows why a metadata document was refused', async () => {
      kit.fetcher.documents.set(
        CIMD,
        new InvalidClient(
          'The client metadata document answered with a redirect, and redirects are not followed',
        ),
      );
      const outcome = await authorize({ ...webParams(), client_id: CIMD }, session);
      expect(outcome).toMatchObject({
        kind: 'error_page',
        error: {
          code: 'invalid_client',
          description:
            'The client metadata document answered with a redirect, and redirects are not followed',
        },
      });
    });
  });

  describe('errors sent back to the app', () => {
    it.each([
      ['response_type=token', { response_type: 'token' }, 'unsupported_response_type'],
      ['an unknown scope', { scope: 'openid admin' }, 'invalid_scope'],
      ['a scope the app was not registered for', { scope: 'webhooks' }, 'invalid_scope'],
      [
        'PKCE with plain',
        { code_challenge: 'p'.repeat(43), code_challenge_method: 'plain' },
        'invalid_request',
      ],
    ])('%s', async (_case, extra, error) => {
      const params = redirectParams(await authorize(webParams(extra), session));
      expect(params).toMatchObject({ error, state: 'st-1', iss: TEST_ISSUER });
      expect(params.error_description).toEqual(expect.any(String));
    });

    it('requires PKCE from a public app', async () => {
      const outcome = await authorize(
        {
          client_id: 'spa',
          redirect_uri: 'http://127.0.0.1:50123/callback',
          response_type: 'code',
          state: 's',
        },
        session,
      );
      expect(redirectParams(outcome)).toEqual({
        error: 'invalid_request',
        error_description: 'code_challenge is required (PKCE with S256)',
        state: 's',
        iss: TEST_ISSUER,
      });
    });

    it('answers an organization the user is not a member of exactly as a member who denies: the consent page, then access_denied', async () => {
      const asked = await authorize(webParams({ orgIds: '9'.repeat(24) }), session);
      expect((asked as { location: string }).location).toMatch(/^\/oauth\/consent\?consent_id=/);
      const consentId = new URL(
        (asked as { location: string }).location,
        TEST_ISSUER,
      ).searchParams.get('consent_id')!;
      const outcome = await kit.consents.decide(consentId, ALICE, {
        decision: 'authorize',
        orgIds: [],
      });
      expect(redirectParams(outcome as AuthorizeOutcome)).toEqual({
        _target_url: '/',
        error: 'access_denied',
        error_description: 'The user denied the request',
        state: 'st-1',
        iss: TEST_ISSUER,
      });
    });
  });

  it('asks to sign in only once the request is valid', async () => {
    expect(await authorize(webParams(), null)).toEqual({
      kind: 'sign_in',
      endSession: false,
      reauthenticate: false,
    });
    expect((await authorize(webParams({ redirect_uri: 'https://evil.example' }), null)).kind).toBe(
      'error_page',
    );
  });

  it('ends the session of a disabled user', async () => {
    kit.identity.accounts.users[0]!.disabledAt = new Date();
    expect(await authorize(webParams(), session)).toEqual({
      kind: 'sign_in',
      endSession: true,
      reauthenticate: false,
    });
  });

  it('asks for consent, then answers with a code bound to everything the token request must prove', async () => {
    const asked = await authorize(
      webParams({ code_challenge: CHALLENGE, code_challenge_method: 'S256' }),
      session,
    );
    expect((asked as { location: string }).location).toBe(
      '/oauth/consent?consent_id=TTTTTTTTTTTTTTTTTTTTTTTTTTTTTT0000000001',
    );
    const params = redirectParams(await approve(asked, [BETA]));
    expect(Object.keys(params)).toEqual(['_target_url', 'code', 'state', 'iss']);
    expect(params).toMatchObject({ _target_url: '/', state: 'st-1', iss: TEST_ISSUER });
    expect(await kit.codes.peek(params.code!)).toEqual({
      clientId: 'web-app',
      userId: ALICE,
      redirectUri: WEB_REDIRECT,
      scopes: ['openid', 'profile', 'email'],
      orgIds: [BETA],
      codeChallenge: { challenge: CHALLENGE, method: 'S256' },
      nonce: 'n-1',
      authTime: session.data.authTime,
      issuedAt: kit.identity.clock.now(),
      familyId: expect.stringMatching(/^[0-9a-z]{24}$/),
      account: {
        user: {
          id: ALICE,
          username: 'alice',
          fullname: 'ALICE',
          email: 'alice@example.com',
          avatarUrl: null,
          isPro: false,
        },
        memberships: [
          expect.objectContaining({ organization: expect.objectContaining({ id: ACME }) }),
          expect.objectContaining({ organization: expect.objectContaining({ id: BETA }) }),
        ],
        twoFactor: { secondFactor: false, twoFactorOrgIds: [] },
      },
    });
  });

  it('echoes a JSON state byte for byte (huggingface.js)', async () => {
    const state = JSON.stringify({
      nonce: '5b1c8e0e-2a4d-4f3e-9a7b-0c1d2e3f4a5b',
      redirectUri: 'http://127.0.0.1:5173/?a=1&b=é',
      state: 'x y',
    });
    const outcome = await approve(
      await authorize(
        {
          client_id: 'spa',
          redirect_uri: 'http://127.0.0.1:5173/callback',
          response_type: 'code',
          scope: 'openid profile',
          state,
          code_challenge: CHALLENGE,
          code_challenge_method: 'S256',
        },
        session,
      ),
    );
    expect(redirectParams(outcome).state).toBe(state);
  });

  it('skips the consent page when nothing new is asked, granting the organizations chosen before', async () => {
    await approve(await authorize(webParams(), session), [ACME]);
    const again = redirectParams(
      await authorize(webParams({ scope: 'openid profile', state: 'st-2' }), session),
    );
    expect(again).toMatchObject({ state: 'st-2', iss: TEST_ISSUER });
    expect(await kit.codes.peek(again.code!)).toMatchObject({
      scopes: ['openid', 'profile'],
      orgIds: [ACME],
    });
  });

  it('puts the user and memberships it read in the code of a skipped consent page, for the token request', async () => {
    await approve(await authorize(webParams(), session), [ACME]);
    const again = redirectParams(
      await authorize(webParams({ scope: 'openid profile', state: 'st-3' }), session),
    );
    expect((await kit.codes.peek(again.code!))?.account).toEqual({
      user: {
        id: ALICE,
        username: 'alice',
        fullname: 'ALICE',
        email: 'alice@example.com',
        avatarUrl: null,
        isPro: false,
      },
      memberships: [
        {
          organization: { id: ACME, name: 'acme', fullname: 'ACME', plan: 'free', avatarUrl: null },
          role: 'admin',
        },
        {
          organization: { id: BETA, name: 'beta', fullname: 'BETA', plan: 'free', avatarUrl: null },
          role: 'read',
        },
      ],
      twoFactor: { secondFactor: false, twoFactorOrgIds: [] },
    });
  });

  describe('prompt and max_age (OIDC Core §3.1.2.1)', () => {
    it('prompt=none answers login_required to nobody signed in, and consent_required when the page would be needed', async () => {
      expect(redirectParams(await authorize(webParams({ prompt: 'none' }), null))).toMatchObject({
        error: 'login_required',
        state: 'st-1',
        iss: TEST_ISSUER,
      });
      expect(redirectParams(await authorize(webParams({ prompt: 'none' }), session))).toMatchObject(
        { error: 'consent_required', state: 'st-1' },
      );
      await approve(await authorize(webParams(), session));
      expect(redirectParams(await authorize(webParams({ prompt: 'none' }), session)).code).toEqual(
        expect.any(String),
      );
    });

    it('prompt=login and select_account ask a signed-in user to sign in again', async () => {
      for (const prompt of ['login', 'select_account', 'login consent']) {
        expect(await authorize(webParams({ prompt }), session)).toEqual({
          kind: 'sign_in',
          endSession: false,
          reauthenticate: true,
        });
      }
    });

    it('max_age asks to sign in again once the sign-in is older, and prompt=none then answers login_required', async () => {
      expect((await authorize(webParams({ max_age: '60' }), session)).kind).toBe('redirect');
      expect(await authorize(webParams({ max_age: '59' }), session)).toEqual({
        kind: 'sign_in',
        endSession: false,
        reauthenticate: true,
      });
      expect(
        redirectParams(await authorize(webParams({ max_age: '0', prompt: 'none' }), session)),
      ).toMatchObject({ error: 'login_required' });
    });

    it('counts max_age in milliseconds: a sign-in 1.9 s old is past max_age=1, and max_age=0 always asks again', async () => {
      const signedInAt = (msAgo: number) => ({
        ...session,
        data: { ...session.data, authTime: kit.identity.clock.now() - msAgo },
      });
      expect(await authorize(webParams({ max_age: '1' }), signedInAt(1_900))).toEqual({
        kind: 'sign_in',
        endSession: false,
        reauthenticate: true,
      });
      expect((await authorize(webParams({ max_age: '1' }), signedInAt(1_000))).kind).toBe(
        'redirect',
      );
      expect(await authorize(webParams({ max_age: '0' }), signedInAt(0))).toEqual({
        kind: 'sign_in',
        endSession: false,
        reauthenticate: true,
      });
      expect(await authorize(webParams({ max_age: '0' }), signedInAt(999))).toEqual({
        kind: 'sign_in',
        endSession: false,
        reauthenticate: true,
      });
    });

    it('prompt=consent shows the consent page although a remembered consent covers the request', async () => {
      await approve(await authorize(webParams(), session));
      const asked = await authorize(webParams({ prompt: 'consent' }), session);
      expect((asked as { location: string }).location).toMatch(/^\/oauth\/consent\?consent_id=/);
    });

    it.each([
      [
        'an unknown value',
        'sometimes',
        'prompt must be none, login, consent or select_account, not sometimes',
      ],
      ['none with another value', 'none login', 'prompt=none cannot be combined with other values'],
    ])('refuses prompt with %s', async (_case, prompt, description) => {
      expect(redirectParams(await authorize(webParams({ prompt }), session))).toMatchObject({
        error: 'invalid_request',
        error_description: description,
      });
    });

    it('refuses a max_age that is not a whole number of seconds', async () => {
      expect(redirectParams(await authorize(webParams({ max_age: '-1' }), session))).toMatchObject({
        error: 'invalid_request',
        error_description: 'max_age must be a whole number of seconds',
      });
    });
  });

  it('asks again for a new scope or a required organization not granted before', async () => {
    await approve(await authorize(webParams(), session));
    expect(
      (
        (await authorize(webParams({ scope: 'openid read-repos' }), session)) as {
          location: string;
        }
      ).location,
    ).toMatch(/^\/oauth\/consent/);
    expect(
      ((await authorize(webParams({ orgIds: ACME }), session)) as { location: string }).location,
    ).toMatch(/^\/oauth\/consent/);
  });

  it('sends access_denied when the user denies', async () => {
    const asked = await authorize(webParams(), session);
    const consentId = new URL(
      (asked as { location: string }).location,
      TEST_ISSUER,
    ).searchParams.get('consent_id')!;
    const outcome = await kit.consents.decide(consentId, ALICE, { decision: 'deny', orgIds: [] });
    expect(redirectParams(outcome as AuthorizeOutcome)).toEqual({
      _target_url: '/',
      error: 'access_denied',
      error_description: 'The user denied the request',
      state: 'st-1',
      iss: TEST_ISSUER,
    });
    expect(await kit.remembered.find(ALICE, 'web-app')).toBeNull();
  });

  it('sends access_denied when a required organization was left out of the form', async () => {
    const asked = await authorize(webParams({ orgIds: ACME }), session);
    const consentId = new URL(
      (asked as { location: string }).location,
      TEST_ISSUER,
    ).searchParams.get('consent_id')!;
    const outcome = await kit.consents.decide(consentId, ALICE, {
      decision: 'authorize',
      orgIds: [BETA],
    });
    expect(redirectParams(outcome as AuthorizeOutcome)).toMatchObject({
      error: 'access_denied',
      error_description: `The app requires access to organization ${ACME}`,
    });
  });

  describe('metadata-document apps', () => {
    beforeEach(() => {
      kit.fetcher.documents.set(CIMD, {
        json: {
          client_id: CIMD,
          client_name: 'Tool',
          redirect_uris: ['http://127.0.0.1/cb'],
          token_endpoint_auth_method: 'none',
          extra: 'ignored',
        },
      });
    });

    it('shows the client ID host and warns that every redirect URI is loopback', async () => {
      const asked = await authorize(
        {
          client_id: CIMD,
          redirect_uri: 'http://127.0.0.1:40000/cb',
          response_type: 'code',
          code_challenge: CHALLENGE,
          code_challenge_method: 'S256',
        },
        session,
      );
      const consentId = new URL(
        (asked as { location: string }).location,
        TEST_ISSUER,
      ).searchParams.get('consent_id')!;
      const view = await kit.consents.view(consentId, ALICE, 'csrf');
      expect(view).toMatchObject({
        app: { name: 'Tool', clientIdHost: 'tool.example', loopbackOnly: true },
        scopes: [{ name: 'openid' }, { name: 'profile' }],
      });
    });

    it('requires PKCE', async () => {
      const params = redirectParams(
        await authorize(
          {
            client_id: CIMD,
            redirect_uri: 'http://127.0.0.1/cb',
            response_type: 'code',
            state: 's',
          },
          session,
        ),
      );
      expect(params).toMatchObject({
        error: 'invalid_request',
        error_description: 'code_challenge is required (PKCE with S256)',
      });
    });

    it('may ask for any scope of docs/oauth.md "Scopes"', async () => {
      const asked = await authorize(
        {
          client_id: CIMD,
          redirect_uri: 'http://127.0.0.1/cb',
          response_type: 'code',
          scope: 'openid webhooks',
          code_challenge: CHALLENGE,
          code_challenge_method: 'S256',
        },
        session,
      );
      expect((asked as { location: string }).location).toMatch(/^\/oauth\/consent/);
    });
  });
});
