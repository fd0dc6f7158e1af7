import { createAuthorizeTestKit, AuthorizeTestKit } from '../testing/authorize-test-kit';
import { ConsentOutcomeHandler } from './consent-outcome';
import { ConsentRequest } from './consent-request';

const ALICE = 'a'.repeat(24);
const BOB = 'b'.repeat(24);
const ACME = '1'.repeat(24);
const BETA = '2'.repeat(24);

describe('ConsentService', () => {
  let kit: AuthorizeTestKit;
  let decisions: string[];

  const deviceHandler: ConsentOutcomeHandler = {
    intentKind: 'device',
    approved: async (request, grant) => {
      decisions.push(
        `approved ${request.intent.payload.deviceCode} ${grant.scopes.join(',')} ${grant.orgIds.join(',')}`,
      );
      return { kind: 'page', status: 200, html: 'connected' };
    },
    refused: async (request, error) => {
      decisions.push(`refused ${request.intent.payload.deviceCode} ${error.code}`);
      return { kind: 'page', status: 200, html: 'denied' };
    },
  };

  const request = (fields: Partial<ConsentRequest> = {}): ConsentRequest => ({
    userId: ALICE,
    client: { clientId: 'cli', name: 'CLI <tool>', clientIdHost: null, loopbackOnly: false },
    scopes: ['openid', 'read-repos'],
    requiredOrgIds: [],
    intent: { kind: 'device', payload: { deviceCode: 'dc-1' } },
    ...fields,
  });

  beforeEach(() => {
    kit = createAuthorizeTestKit();
    decisions = [];
    kit.outcomes.register(deviceHandler);
    kit.identity.accounts.addUser({ id: ALICE, username: 'alice' });
    kit.identity.accounts.addUser({ id: BOB, username: 'bob' });
    kit.identity.accounts.addMembership(ALICE, { id: ACME, name: 'acme' }, 'admin');
    kit.identity.accounts.addMembership(ALICE, { id: BETA, name: 'beta' }, 'read');
  });

  afterEach(() => kit.flow.close());

  async function ask(fields: Partial<ConsentRequest> = {}): Promise<string> {
    const start = await kit.consents.begin(request(fields));
    expect(start.kind).toBe('ask');
    return new URL((start as { location: string }).location, 'https://x').searchParams.get(
      'consent_id',
    )!;
  }

  it('describes the page: app, each scope with its description, one checkbox per organization', async () => {
    const consentId = await ask({ requiredOrgIds: [BETA] });
    expect(await kit.consents.view(consentId, ALICE, 'csrf-1')).toEqual({
      csrfToken: 'csrf-1',
      requiresUnavailableOrganization: false,
      consentId,
      username: 'alice',
      app: { name: 'CLI <tool>', clientIdHost: null, loopbackOnly: false },
      scopes: [
        {
          name: 'openid',
          description: 'Confirm who you are when you sign in to the app',
          fixed: true,
        },
        {
          name: 'read-repos',
          description: 'Read your models, datasets and apps, including private ones',
          fixed: false,
        },
      ],
      organizations: [
        { id: ACME, name: 'acme', fullname: 'ACME', required: false, checked: false },
        { id: BETA, name: 'beta', fullname: 'BETA', required: true, checked: true },
      ],
    });
  });

  it('shows the page from what was read when the request was parked, and reads once when nothing was', async () => {
    const context = await kit.contexts.read('cli', ALICE);
    const start = await kit.consents.begin(request(), {}, context);
    const parked = new URL((start as { location: string }).location, 'https://x').searchParams.get(
      'consent_id',
    )!;
    const readsBefore = kit.contexts.reads;
    expect(await kit.consents.view(parked, ALICE, 'csrf')).toMatchObject({
      username: 'alice',
      organizations: [{ name: 'acme' }, { name: 'beta' }],
    });
    expect(kit.contexts.reads).toBe(readsBefore);

    // A request parked by another flow (the device flow) carries nothing to show: the page reads it.
    const consentId = kit.identity.random.token('');
    await kit.pending.put(consentId, request());
    expect(await kit.consents.view(consentId, ALICE, 'csrf')).toMatchObject({
      username: 'alice',
      organizations: [{ name: 'acme' }, { name: 'beta' }],
    });
    expect(kit.contexts.reads).toBe(readsBefore + 1);
  });

  it('decides on the organizations the user belongs to when answering, not when the page was shown', async () => {
    const consentId = await ask();
    kit.identity.accounts.memberships.splice(0, 1);
    await kit.consents.decide(consentId, ALICE, { decision: 'authorize', orgIds: [ACME] });
    expect(decisions).toEqual(['refused dc-1 invalid_request']);
  });

  it('refuses the answer of a user disabled since the page was shown, and remembers nothing', async () => {
    const consentId = await ask();
    kit.identity.accounts.users[0]!.disabledAt = new Date();
    await kit.consents.decide(consentId, ALICE, { decision: 'authorize', orgIds: [] });
    expect(decisions).toEqual(['refused dc-1 access_denied']);
    expect(await kit.remembered.find(ALICE, 'cli')).toBeNull();
  });

  it('hands the approving account, read with the answer, to the handler', async () => {
    const accounts: unknown[] = [];
    kit.outcomes.register({
      ...deviceHandler,
      intentKind: 'probe',
      approved: async (_request, _grant, account) => (
        accounts.push(account),
        { kind: 'page', status: 200, html: '' }
      ),
    });
    await kit.consents.decide(await ask({ intent: { kind: 'probe', payload: {} } }), ALICE, {
      decision: 'authorize',
      orgIds: [BETA],
    });
    expect(accounts).toEqual([
      {
        user: expect.objectContaining({ id: ALICE, username: 'alice' }),
        memberships: [
          expect.objectContaining({ organization: expect.objectContaining({ id: ACME }) }),
          expect.objectContaining({ organization: expect.objectContaining({ id: BETA }) }),
        ],
        twoFactor: { secondFactor: false, twoFactorOrgIds: [] },
      },
    ]);
    expect(accounts[0]).not.toHaveProperty('user.disabled');
  });

  it('shows nothing to another user', async () => {
    const consentId = await ask();
    expect(await kit.consents.view(consentId, BOB, 'csrf')).toBeNull();
    expect(
      await kit.consents.decide(consentId, BOB, { decision: 'authorize', orgIds: [] }),
    ).toBeNull();
    expect(await kit.consents.view(consentId, ALICE, 'csrf')).not.toBeNull();
  });

  it('hands the decision to the handler of the intent, once', async () => {
    const consentId = await ask();
    expect(
      await kit.consents.decide(consentId, ALICE, { decision: 'authorize', orgIds: [ACME] }),
    ).toEqual({ kind: 'page', status: 200, html: 'connected' });
    expect(
      await kit.consents.decide(consentId, ALICE, { decision: 'authorize', orgIds: [ACME] }),
    ).toBeNull();
    expect(decisions).toEqual([`approved dc-1 openid,read-repos ${ACME}`]);
  });

  it('grants only the optional scopes left ticked, always openid and profile, and remembers that', async () => {
    const consentId = await ask({ scopes: ['openid', 'profile', 'read-repos', 'email'] });
    await kit.consents.decide(consentId, ALICE, {
      decision: 'authorize',
      orgIds: [],
      scopes: ['email', 'write-repos'],
    });
    expect(decisions).toEqual(['approved dc-1 openid,profile,email ']);
    expect(await kit.remembered.find(ALICE, 'cli')).toMatchObject({
      scopes: ['openid', 'profile', 'email'],
    });
  });

  it('refuses a form naming an organization the user does not belong to with invalid_request', async () => {
    const consentId = await ask();
    await kit.consents.decide(consentId, ALICE, {
      decision: 'authorize',
      orgIds: ['9'.repeat(24)],
    });
    expect(decisions).toEqual(['refused dc-1 invalid_request']);
  });

  it('shows the page, with Deny only, when a required organization is not one of the user, and answers Authorize as a denial', async () => {
    const start = await kit.consents.begin(request({ requiredOrgIds: ['9'.repeat(24)] }));
    expect(start).toEqual({
      kind: 'ask',
      location: expect.stringMatching(/^\/oauth\/consent\?consent_id=/),
    });
    const consentId = new URL(
      (start as { location: string }).location,
      'https://hub.example',
    ).searchParams.get('consent_id')!;
    expect(await kit.consents.view(consentId, ALICE, 'csrf')).toMatchObject({
      requiresUnavailableOrganization: true,
    });
    await kit.consents.decide(consentId, ALICE, {
      decision: 'authorize',
      orgIds: ['9'.repeat(24)],
    });
    expect(decisions).toEqual(['refused dc-1 access_denied']);
  });

  it('expires a pending consent after 10 minutes', async () => {
    const consentId = await ask();
    kit.identity.clock.advance(10 * 60_000 + 1);
    expect(await kit.consents.view(consentId, ALICE, 'csrf')).toBeNull();
  });

  it('remembers scopes cumulatively and the latest choice of organizations', async () => {
    await kit.consents.decide(await ask(), ALICE, { decision: 'authorize', orgIds: [ACME, BETA] });
    await kit.consents.decide(await ask({ scopes: ['email'] }), ALICE, {
      decision: 'authorize',
      orgIds: [BETA],
    });
    expect(await kit.remembered.find(ALICE, 'cli')).toEqual({
      scopes: ['openid', 'read-repos', 'email'],
      orgIds: [BETA],
    });
    expect(await kit.consents.begin(request({ scopes: ['read-repos', 'email'] }))).toEqual({
      kind: 'granted',
      grant: { scopes: ['read-repos', 'email'], orgIds: [BETA] },
    });
  });

  it('pre-checks organizations granted before', async () => {
    await kit.consents.decide(await ask(), ALICE, { decision: 'authorize', orgIds: [ACME] });
    const view = await kit.consents.view(await ask({ scopes: ['email'] }), ALICE, 'csrf');
    expect(view!.organizations.map((org) => [org.name, org.checked])).toEqual([
      ['acme', true],
      ['beta', false],
    ]);
  });

  it('drops a remembered organization the user has left when skipping the page', async () => {
    await kit.consents.decide(await ask(), ALICE, { decision: 'authorize', orgIds: [ACME, BETA] });
    kit.identity.accounts.memberships.splice(0, 1);
    expect(await kit.consents.begin(request())).toEqual({
      kind: 'granted',
      grant: { scopes: ['openid', 'read-repos'], orgIds: [BETA] },
    });
  });
});
