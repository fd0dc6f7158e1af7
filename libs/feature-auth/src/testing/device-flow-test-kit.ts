import { hashToken } from '@gatehouse/crypto';
import { MemoryFlowStore } from '@gatehouse/flow-state';
import { TokenRequestContext } from '@gatehouse/identity';
import { createIdentityTestKit } from '@gatehouse/identity/testing';
import { PendingConsents } from '../consent/pending-consents';
import { DeviceAuthorizationService } from '../device/device-authorization.service';
import { DeviceAuthorizations } from '../device/device-authorizations';
import { ConsentWithdrawals } from '../consent/consent-withdrawals';
import { DeviceCodeGrant } from '../device/device-code.grant';
import { DeviceConsentOutcome } from '../device/device-consent-outcome';
import { DeviceFlowOptions, resolveDeviceFlowOptions } from '../device/device-flow-options';
import { DEVICE_INTENT } from '../device/device-intent';
import { DeviceVerificationService } from '../device/device-verification.service';
import { UserCodeEntryGuard } from '../device/user-code-entry.guard';
import { UserCodeGenerator } from '../device/user-code-generator';

/** User codes from a list, in order (then the list again), so tests know them. */
class ListedUserCodes extends UserCodeGenerator {
  private drawn = 0;

  constructor(private readonly codes: string[]) {
    super();
  }

  next(): string {
    const code = this.codes[this.drawn % this.codes.length]!;
    this.drawn += 1;
    return code;
  }
}

export const USER_ID = '65a000000000000000000001';
export const OTHER_USER_ID = '65a000000000000000000002';
export const ORG_ID = '65a0000000000000000000f1';
export const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

/**
 * The device flow's services on in-memory ports and one frozen clock: an identity test kit, a
 * memory flow store on the kit's clock, a public app `cli` (scopes `openid profile read-repos`),
 * a confidential app `web` (secret `s3cret`) and the user `ada`.
 */
export function createDeviceFlowTestKit(
  options: Partial<Omit<DeviceFlowOptions, 'publicUrl'>> & { userCodes?: string[] } = {},
) {
  const kit = createIdentityTestKit();
  const store = new MemoryFlowStore({ clock: kit.clock });
  const resolved = resolveDeviceFlowOptions({
    publicUrl: 'https://hub.example/',
    deviceCodeTtlSeconds: options.deviceCodeTtlSeconds ?? 900,
    pollIntervalSeconds: options.pollIntervalSeconds ?? 5,
    limits: options.limits,
  });
  const authorizations = new DeviceAuthorizations(store);
  const userCodes = new ListedUserCodes(
    options.userCodes ?? ['BCDFGHJK', 'LMNPQRST', 'VWXZBCDF', 'GHJKLMNP'],
  );
  const pending = new PendingConsents(store);
  const guard = new UserCodeEntryGuard(store, kit.clock, resolved);

  kit.accounts.addUser({ id: USER_ID, username: 'ada' });
  kit.accounts.addUser({ id: OTHER_USER_ID, username: 'bob' });
  kit.accounts.addMembership(USER_ID, { id: ORG_ID, name: 'acme' }, 'write');
  kit.clients.addApp({
    clientId: 'cli',
    name: 'Gatehouse CLI',
    scopes: ['openid', 'profile', 'read-repos'],
    accessTokenTtlSeconds: 3600,
  });
  kit.clients.addApp({
    clientId: 'web',
    name: 'Web app',
    clientSecretHash: hashToken('s3cret'),
    scopes: ['profile'],
  });

  const request = (
    params: Record<string, string>,
    authorization?: string,
  ): TokenRequestContext => ({
    params,
    authorization,
    ip: '198.51.100.7',
    now: new Date(kit.clock.now()),
  });

  const withdrawals = new ConsentWithdrawals(store, kit.clock);

  return {
    ...kit,
    store,
    withdrawals,
    options: resolved,
    authorizations,
    pending,
    guard,
    request,
    start: new DeviceAuthorizationService(
      kit.clientAuthenticator,
      authorizations,
      kit.random,
      userCodes,
      kit.clock,
      resolved,
      store,
    ),
    grant: new DeviceCodeGrant(
      kit.clientAuthenticator,
      authorizations,
      kit.accounts,
      kit.issuer,
      kit.transactions,
      kit.signingKeys,
      withdrawals,
      kit.clock,
    ),
    verification: new DeviceVerificationService(
      authorizations,
      guard,
      pending,
      kit.accounts,
      kit.random,
      kit.clock,
    ),
    outcome: new DeviceConsentOutcome(authorizations, kit.clock),
    /** The consent request the verification page parks for this device code and user. */
    consentRequest(
      deviceCode: string,
      userId = USER_ID,
      scopes = ['openid', 'profile', 'read-repos'],
    ) {
      return {
        userId,
        client: { clientId: 'cli', name: 'Gatehouse CLI', clientIdHost: null, loopbackOnly: false },
        scopes,
        requiredOrgIds: [],
        intent: {
          kind: DEVICE_INTENT,
          payload: { deviceCodeHash: hashToken(deviceCode), authTime: kit.clock.now() - 60_000 },
        },
      };
    },
  };
}

export type DeviceFlowTestKit = ReturnType<typeof createDeviceFlowTestKit>;

/** `Authorization: Basic` (RFC 6749 §2.3.1). */
export function basic(clientId: string, secret: string): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`;
}

/** The error a promise rejected with (fails the test when it resolved). */
export async function rejection(promise: Promise<unknown>): Promise<Error & { code?: string }> {
  const outcome = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(outcome instanceof Error)) throw new Error('expected a rejection, got a result');
  return outcome as Error & { code?: string };
}
