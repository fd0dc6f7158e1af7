import { hashToken } from '@gatehouse/crypto';
import { AccessDenied } from '@gatehouse/domain';
import {
  createDeviceFlowTestKit,
  DEVICE_GRANT,
  DeviceFlowTestKit,
  OTHER_USER_ID,
  ORG_ID,
  rejection,
  USER_ID,
} from '../testing/device-flow-test-kit';

describe('DeviceCodeGrant (polling POST /oauth/token)', () => {
  let kit: DeviceFlowTestKit;
  let deviceCode: string;

  beforeEach(async () => {
    kit = createDeviceFlowTestKit();
    deviceCode = (await kit.start.start(kit.request({ client_id: 'cli' }))).device_code;
  });

  const poll = (params: Record<string, string> = {}) =>
    kit.grant.handle(
      kit.request({
        grant_type: DEVICE_GRANT,
        client_id: 'cli',
        device_code: deviceCode,
        ...params,
      }),
    );
  const pollError = async (params: Record<string, string> = {}) =>
    (await rejection(poll(params))).code;
  const seconds = (n: number) => kit.clock.advance(n * 1000);
  const approve = (userId = USER_ID, orgIds: string[] = [ORG_ID]) =>
    kit.outcome.approved(kit.consentRequest(deviceCode, userId), {
      scopes: ['openid', 'profile', 'read-repos'],
      orgIds,
    });

  it('answers authorization_pending while the user has not answered', async () => {
    seconds(5);
    expect(await pollError()).toBe('authorization_pending');
    seconds(5);
    expect(await pollError()).toBe('authorization_pending');
  });

  it('answers slow_down to a poll sooner than the interval, and grows the interval by 5 s each time (RFC 8628 §3.5)', async () => {
    seconds(5);
    expect(await pollError()).toBe('authorization_pending');
    seconds(4);
    expect(await pollError()).toBe('slow_down');
    // The interval is now 10 s: 9 s is too soon again, and it grows to 15 s.
    seconds(9);
    expect(await pollError()).toBe('slow_down');
    expect(await kit.authorizations.pollingOf(hashToken(deviceCode))).toEqual({
      intervalSeconds: 15,
      lastPolledAt: kit.clock.now(),
    });
    seconds(14);
    expect(await pollError()).toBe('slow_down');
    // 20 s now, kept for every later poll.
    seconds(20);
    expect(await pollError()).toBe('authorization_pending');
    seconds(20);
    expect(await pollError()).toBe('authorization_pending');
  });

  it('the first poll is never too soon', async () => {
    expect(await pollError()).toBe('authorization_pending');
  });

  it('issues tokens with a refresh token once approved, then answers invalid_grant (single use)', async () => {
    seconds(5);
    expect(await pollError()).toBe('authorization_pending');
    await approve();
    seconds(5);
    expect(await poll()).toEqual({
      access_token: expect.stringMatching(/^hf_oauth_/),
      token_type: 'bearer',
      expires_in: 3600,
      scope: 'openid profile read-repos',
      refresh_token: expect.stringMatching(/^hf_oauth_refresh_/),
      id_token: expect.any(String),
    });
    expect(kit.tokens.accessTokens).toHaveLength(1);
    expect(kit.tokens.accessTokens[0]).toMatchObject({
      userId: USER_ID,
      clientId: 'cli',
      orgIds: [ORG_ID],
      scopes: ['openid', 'profile', 'read-repos'],
    });
    // No consumer needs every OAuth issuance (docs/architecture.md "Token events").
    expect(kit.outbox.events()).toEqual([]);
    seconds(5);
    expect(await pollError()).toBe('invalid_grant');
  });

  it('gives nothing for an approval the user withdrew (revoking the connected app) before the device polled', async () => {
    await approve();
    seconds(1);
    await kit.withdrawals.withdraw(USER_ID, 'cli');
    seconds(5);
    expect(await pollError()).toBe('invalid_grant');
    expect(kit.tokens.accessTokens).toHaveLength(0);
  });

  it('honours an approval given after a withdrawal', async () => {
    await kit.withdrawals.withdraw(USER_ID, 'cli');
    seconds(1);
    await approve();
    seconds(5);
    expect((await poll()).access_token).toMatch(/^hf_oauth_/);
  });

  it('issues no id_token without openid', async () => {
    await kit.outcome.approved(kit.consentRequest(deviceCode), {
      scopes: ['read-repos'],
      orgIds: [],
    });
    const body = await poll();
    expect(body.scope).toBe('read-repos');
    expect(body.id_token).toBeUndefined();
    expect(body.refresh_token).toBeDefined();
  });

  it('gives the tokens to exactly one of concurrent polls', async () => {
    await approve();
    seconds(5);
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => poll()));
    const issued = results.filter((result) => result.status === 'fulfilled');
    const refused = results.flatMap((result) =>
      result.status === 'rejected' ? [(result.reason as { code: string }).code] : [],
    );
    expect(issued).toHaveLength(1);
    expect(refused).toEqual(Array(7).fill('invalid_grant'));
    expect(kit.tokens.accessTokens).toHaveLength(1);
  });

  it('answers access_denied after Deny, on every later poll', async () => {
    await kit.outcome.refused(
      kit.consentRequest(deviceCode),
      new AccessDenied('The user denied the request'),
    );
    seconds(5);
    expect(await pollError()).toBe('access_denied');
    seconds(5);
    expect(await pollError()).toBe('access_denied');
  });

  it('answers expired_token once the code expired, even if approved meanwhile', async () => {
    seconds(899);
    expect(await pollError()).toBe('authorization_pending');
    await approve();
    seconds(1);
    expect(await pollError()).toBe('expired_token');
    seconds(300);
    expect(await pollError()).toBe('expired_token');
    expect(kit.tokens.accessTokens).toHaveLength(0);
  });

  it("answers invalid_grant for an unknown code or another client's code, invalid_request without a code", async () => {
    expect(await pollError({ device_code: 'not-a-code' })).toBe('invalid_grant');
    kit.clients.addApp({ clientId: 'other', scopes: [] });
    expect(await pollError({ client_id: 'other' })).toBe('invalid_grant');
    expect(await pollError({ device_code: '' })).toBe('invalid_request');
  });

  it('authenticates the client: a public app by client_id, none at all is invalid_client', async () => {
    const error = await rejection(
      kit.grant.handle(kit.request({ grant_type: DEVICE_GRANT, device_code: deviceCode })),
    );
    expect(error.code).toBe('invalid_client');
  });

  it('gives nothing to a user disabled after approving (invalid_grant), and the code stays spent', async () => {
    await approve();
    kit.accounts.users.find((user) => user.id === USER_ID)!.disabledAt = new Date(kit.clock.now());
    seconds(5);
    const error = await rejection(poll());
    expect([error.code, error.message]).toEqual([
      'invalid_grant',
      'The account that approved this sign-in can no longer sign in',
    ]);
    expect(kit.tokens.accessTokens).toHaveLength(0);
    kit.accounts.users.find((user) => user.id === USER_ID)!.disabledAt = null;
    seconds(5);
    expect(await pollError()).toBe('invalid_grant');
  });

  it('leaves out organizations the user left after approving', async () => {
    await approve(USER_ID, [ORG_ID]);
    kit.accounts.memberships.length = 0;
    await poll();
    expect(kit.tokens.accessTokens[0]!.orgIds).toEqual([]);
  });

  it('records only the first answer: a second approval by someone else changes nothing', async () => {
    await approve(USER_ID, []);
    await approve(OTHER_USER_ID, []);
    await poll();
    expect(kit.tokens.accessTokens[0]!.userId).toBe(USER_ID);
  });

  it('keeps the code redeemable when issuing fails for a reason other than a refusal', async () => {
    await approve();
    const run = kit.transactions.run.bind(kit.transactions);
    kit.transactions.run = () => Promise.reject(new Error('database is down'));
    await expect(poll()).rejects.toThrow('database is down');
    kit.transactions.run = run;
    seconds(5);
    expect(await poll()).toMatchObject({ token_type: 'bearer' });
  });
});
