import { tokenIssuedEvent, tokenRevokedEvent, Topics } from '@gatehouse/messaging';
import { createIdentityTestKit, IdentityTestKit } from '../testing/identity-test-kit';
import { aPersonalTokenRecord } from '../testing/personal-token-builders';
import { PrincipalInvalidator } from './principal-invalidator';
import { PrincipalRevocationConsumer } from './principal-revocation.consumer';

const USER_ID = '65a000000000000000000001';
const OTHER_ID = '65a000000000000000000002';
const PERSONAL = `hf_${'P'.repeat(34)}`;

describe('PrincipalInvalidator and PrincipalRevocationConsumer', () => {
  let kit: IdentityTestKit;
  let invalidator: PrincipalInvalidator;

  beforeEach(() => {
    kit = createIdentityTestKit();
    kit.accounts.addUser({ id: USER_ID, username: 'ada' });
    kit.accounts.addUser({ id: OTHER_ID, username: 'bob' });
    kit.tokens.personalTokens.push(
      aPersonalTokenRecord({
        id: 'pat1',
        token: PERSONAL,
        userId: USER_ID,
        role: 'write',
        createdAt: new Date(0),
      }),
    );
    invalidator = new PrincipalInvalidator(kit.bearerTokens, kit.principals);
  });

  const issue = async (userId: string) =>
    await kit.issuer.issueTokens(kit.tx, {
      kind: 'oauth',
      userId,
      clientId: 'app',
      scopes: ['openid'],
      orgIds: [],
      ttlSeconds: 600,
      withRefreshToken: false,
      idToken: false,
    });

  it('reads every live token of a changed account again on its next check, and only that account’s', async () => {
    const ada = await issue(USER_ID);
    const bob = await issue(OTHER_ID);
    for (const token of [PERSONAL, ada.body.access_token, bob.body.access_token])
      expect(await kit.bearer.resolve(token)).not.toBeNull();
    kit.accounts.users[0]!.disabledAt = new Date();
    kit.accounts.users[1]!.disabledAt = new Date();
    await invalidator.accountChanged(USER_ID);
    expect(await kit.bearer.resolve(PERSONAL)).toBeNull();
    expect(await kit.bearer.resolve(ada.body.access_token)).toBeNull();
    expect(await kit.bearer.resolve(bob.body.access_token)).toMatchObject({
      user: { username: 'bob' },
    });
  });

  it('reads the personal tokens of an organization’s members again after its token policy changed, and only theirs', async () => {
    const ORG = '65a0000000000000000000f1';
    const BOB_TOKEN = `hf_${'B'.repeat(34)}`;
    kit.accounts.addMembership(USER_ID, { id: ORG, name: 'acme' }, 'write');
    kit.tokens.personalTokens.push(
      aPersonalTokenRecord({ id: 'pat2', token: BOB_TOKEN, userId: OTHER_ID, role: 'write' }),
    );
    expect(await kit.bearer.resolve(PERSONAL)).not.toHaveProperty('orgBlocks');
    expect(await kit.bearer.resolve(BOB_TOKEN)).not.toBeNull();
    const readsBefore = kit.bearerTokens.reads;
    kit.bearerTokens.orgTokenRules = (_tokenId, userId) =>
      userId === USER_ID
        ? [{ orgId: ORG, policy: 'fine_grained_only', approvalRequiredSince: null, decision: null }]
        : [];
    await invalidator.organizationTokensChanged(ORG);
    expect(await kit.bearer.resolve(PERSONAL)).toMatchObject({
      orgBlocks: { [ORG]: 'fine_grained_only' },
    });
    expect(await kit.bearer.resolve(BOB_TOKEN)).not.toHaveProperty('orgBlocks');
    expect(kit.bearerTokens.reads - readsBefore).toBe(1);
  });

  it('clears the principal of the access token a token.revoked event names', async () => {
    const issued = await issue(USER_ID);
    expect(await kit.bearer.resolve(issued.body.access_token)).not.toBeNull();
    kit.tokens.accessTokens[0]!.revokedAt = new Date();
    expect(await kit.bearer.resolve(issued.body.access_token)).not.toBeNull();

    const consumer = new PrincipalRevocationConsumer(invalidator);
    const at = new Date(kit.clock.now());
    const revoked = tokenRevokedEvent.encode(
      {
        tokenId: issued.accessTokenId,
        kind: 'access',
        userId: USER_ID,
        clientId: 'app',
        reason: 'revocation_request',
        revokedAt: at.toISOString(),
      },
      { key: USER_ID, time: at },
    );
    const message = {
      topic: Topics.tokenEvents,
      partition: 0,
      offset: '0',
      headers: {},
      timestamp: at.getTime(),
      ...revoked,
    };
    await consumer.handle(message);
    expect(await kit.bearer.resolve(issued.body.access_token)).toBeNull();
  });

  it('lets token.issued events and unknown token ids pass', async () => {
    const issued = await issue(USER_ID);
    expect(await kit.bearer.resolve(issued.body.access_token)).not.toBeNull();
    const consumer = new PrincipalRevocationConsumer(invalidator);
    const at = new Date(kit.clock.now());
    const event = tokenIssuedEvent.encode(
      {
        tokenId: issued.accessTokenId,
        kind: 'access',
        userId: USER_ID,
        clientId: 'app',
        grantType: 'authorization_code',
        scopes: [],
        organizationId: null,
        familyId: null,
        issuedAt: at.toISOString(),
        expiresAt: null,
      },
      { key: USER_ID, time: at },
    );
    await consumer.handle({
      topic: Topics.tokenEvents,
      partition: 0,
      offset: '1',
      headers: {},
      timestamp: at.getTime(),
      ...event,
    });
    await invalidator.accessTokenRevoked('65a0000000000000000000ff');
    expect(kit.bearerTokens.reads).toBe(1);
    expect(await kit.bearer.resolve(issued.body.access_token)).not.toBeNull();
    expect(kit.bearerTokens.reads).toBe(1);
  });

  it('passes over a token.issued event by its header, without reading its value', async () => {
    const consumer = new PrincipalRevocationConsumer(invalidator);
    const issued = tokenIssuedEvent.encode(
      {
        tokenId: 'at1',
        kind: 'access',
        userId: USER_ID,
        clientId: 'app',
        grantType: 'authorization_code',
        scopes: [],
        organizationId: null,
        familyId: null,
        issuedAt: new Date(0).toISOString(),
        expiresAt: null,
      },
      { key: USER_ID },
    );
    await expect(
      consumer.handle({
        topic: Topics.tokenEvents,
        partition: 0,
        offset: '3',
        headers: issued.headers ?? {},
        timestamp: 0,
        key: USER_ID,
        value: 'not json',
      }),
    ).resolves.toBeUndefined();
    expect(kit.bearerTokens.reads).toBe(0);
  });

  it('refuses a message that is not a token event, so the bus retries and dead-letters it', async () => {
    const consumer = new PrincipalRevocationConsumer(invalidator);
    await expect(
      consumer.handle({
        topic: Topics.tokenEvents,
        partition: 0,
        offset: '2',
        headers: {},
        timestamp: 0,
        key: 'k',
        value: 'not json',
      }),
    ).rejects.toThrow('Event value is not JSON');
  });
});
