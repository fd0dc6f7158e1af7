import { hashToken } from '@gatehouse/crypto';
import { AccessDenied } from '@gatehouse/domain';
import {
  createDeviceFlowTestKit,
  DeviceFlowTestKit,
  ORG_ID,
  USER_ID,
} from '../testing/device-flow-test-kit';

describe('DeviceConsentOutcome (the answer on the device consent page)', () => {
  let kit: DeviceFlowTestKit;
  let deviceCode: string;

  beforeEach(async () => {
    kit = createDeviceFlowTestKit();
    deviceCode = (await kit.start.start(kit.request({ client_id: 'cli' }))).device_code;
  });

  it('records an approval with the granted scopes and organizations, and says the device is connected', async () => {
    const outcome = await kit.outcome.approved(kit.consentRequest(deviceCode), {
      scopes: ['openid', 'read-repos'],
      orgIds: [ORG_ID],
    });
    expect(outcome).toEqual({
      kind: 'page',
      status: 200,
      html: expect.stringContaining('<h1>Device connected</h1>'),
    });
    expect(await kit.authorizations.decisionOf(hashToken(deviceCode))).toEqual({
      status: 'approved',
      userId: USER_ID,
      scopes: ['openid', 'read-repos'],
      orgIds: [ORG_ID],
      authTime: kit.clock.now() - 60_000,
      decidedAt: kit.clock.now(),
    });
  });

  it('records a refusal as denied', async () => {
    const outcome = await kit.outcome.refused(
      kit.consentRequest(deviceCode),
      new AccessDenied('The user denied the request'),
    );
    expect(outcome).toEqual({
      kind: 'page',
      status: 200,
      html: expect.stringContaining('<h1>Sign-in denied</h1>'),
    });
    expect(await kit.authorizations.decisionOf(hashToken(deviceCode))).toEqual({
      status: 'denied',
    });
  });

  it('keeps the first answer and tells a second one the code was already answered', async () => {
    await kit.outcome.refused(
      kit.consentRequest(deviceCode),
      new AccessDenied('The user denied the request'),
    );
    const second = await kit.outcome.approved(kit.consentRequest(deviceCode), {
      scopes: ['openid'],
      orgIds: [],
    });
    expect(second).toEqual({
      kind: 'page',
      status: 400,
      html: expect.stringContaining('<h1>Code expired</h1>'),
    });
    expect(await kit.authorizations.decisionOf(hashToken(deviceCode))).toEqual({
      status: 'denied',
    });
  });

  it('records nothing once the code expired', async () => {
    kit.clock.advance(900_000);
    const outcome = await kit.outcome.approved(kit.consentRequest(deviceCode), {
      scopes: ['openid'],
      orgIds: [],
    });
    expect(outcome.kind === 'page' && outcome.status).toBe(400);
    expect(await kit.authorizations.decisionOf(hashToken(deviceCode))).toBeNull();
  });
});
