import { hashToken } from '@gatehouse/crypto';
import {
  createDeviceFlowTestKit,
  DeviceFlowTestKit,
  OTHER_USER_ID,
  USER_ID,
} from '../testing/device-flow-test-kit';
import { DeviceVerificationInput, WRONG_CODE_MESSAGE } from './device-verification.service';

describe('DeviceVerificationService (the code typed on the verification page)', () => {
  let kit: DeviceFlowTestKit;
  let deviceCode: string;

  beforeEach(async () => {
    kit = createDeviceFlowTestKit();
    deviceCode = (await kit.start.start(kit.request({ client_id: 'cli' }))).device_code;
  });

  const enter = (typed: string, overrides: Partial<DeviceVerificationInput> = {}) =>
    kit.verification.verify({
      userId: USER_ID,
      authTime: kit.clock.now() - 60_000,
      address: '203.0.113.9',
      typed,
      ...overrides,
    });
  const minutes = (n: number) => kit.clock.advance(n * 60_000);

  it('parks a consent request for a right code and sends the user to the device consent page', async () => {
    const result = await enter('BCDF-GHJK');
    expect(result).toEqual({
      kind: 'consent',
      location: expect.stringMatching(/^\/oauth\/device\/consent\?consent_id=\w+$/),
    });
    const consentId = decodeURIComponent((result as { location: string }).location.split('=')[1]!);
    expect(await kit.pending.get(consentId)).toEqual({
      userId: USER_ID,
      client: { clientId: 'cli', name: 'Gatehouse CLI', clientIdHost: null, loopbackOnly: false },
      scopes: ['openid', 'profile', 'read-repos'],
      requiredOrgIds: [],
      intent: {
        kind: 'device_code',
        payload: { deviceCodeHash: hashToken(deviceCode), authTime: kit.clock.now() - 60_000 },
      },
    });
  });

  it.each(['bcdfghjk', ' BCDF GHJK ', 'bcdf-ghjk', 'B-C-D-F-G-H-J-K'])(
    'ignores case, spaces and dashes: %p',
    async (typed) => {
      expect((await enter(typed)).kind).toBe('consent');
    },
  );

  it.each([
    ['a code nobody was given', 'LMNP-QRST'],
    ['letters outside the alphabet', 'ABCD-EFGH'],
    ['a short code', 'BCDF'],
  ])('answers wrong_code for %s', async (_case, typed) => {
    expect(await enter(typed)).toEqual({ kind: 'wrong_code', message: WRONG_CODE_MESSAGE });
  });

  it('answers wrong_code for an expired code', async () => {
    minutes(15);
    expect((await enter('BCDF-GHJK')).kind).toBe('wrong_code');
  });

  it('answers wrong_code for a code already answered', async () => {
    await kit.outcome.approved(kit.consentRequest(deviceCode), { scopes: ['openid'], orgIds: [] });
    expect((await enter('BCDF-GHJK')).kind).toBe('wrong_code');
  });

  it('sends a disabled user back to sign-in', async () => {
    kit.accounts.users.find((user) => user.id === USER_ID)!.disabledAt = new Date();
    expect(await enter('BCDF-GHJK')).toEqual({ kind: 'sign_in' });
  });

  describe('brute-force limits (RFC 8628 §5.1)', () => {
    it('refuses the 6th wrong code of a user within 10 minutes, even a right one, with a clear message', async () => {
      for (let attempt = 1; attempt <= 5; attempt += 1)
        expect((await enter('LMNP-QRST')).kind).toBe('wrong_code');
      expect(await enter('BCDF-GHJK')).toEqual({
        kind: 'limited',
        retryAfterSeconds: 600,
        message:
          'Too many wrong codes were entered for your account. For your security, code entry is paused: try again in 10 minutes.',
      });
    });

    it('counts per user across addresses', async () => {
      for (let attempt = 1; attempt <= 5; attempt += 1)
        expect((await enter('LMNP-QRST', { address: `192.0.2.${attempt}` })).kind).toBe(
          'wrong_code',
        );
      expect(await enter('LMNP-QRST', { address: '192.0.2.99' })).toMatchObject({
        kind: 'limited',
      });
    });

    it('counts per address across users', async () => {
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        expect(
          (await enter('LMNP-QRST', { userId: attempt % 2 ? USER_ID : OTHER_USER_ID })).kind,
        ).toBe('wrong_code');
      }
      kit.accounts.addUser({ id: '65a000000000000000000003', username: 'eve' });
      expect(await enter('BCDF-GHJK', { userId: '65a000000000000000000003' })).toMatchObject({
        kind: 'limited',
        message: expect.stringContaining('from your network'),
      });
    });

    it('never resets on success: a right code does not restore the wrong-code budget', async () => {
      for (let attempt = 1; attempt <= 4; attempt += 1) await enter('LMNP-QRST');
      expect((await enter('BCDF-GHJK')).kind).toBe('consent');
      expect((await enter('LMNP-QRST')).kind).toBe('wrong_code');
      expect((await enter('BCDF-GHJK')).kind).toBe('limited');
    });

    it('allows entries again in the next window', async () => {
      for (let attempt = 1; attempt <= 6; attempt += 1) await enter('LMNP-QRST');
      minutes(10);
      expect((await enter('BCDF-GHJK')).kind).toBe('consent');
    });

    it('holds under concurrent submissions: of 20 parallel guesses only 5 are looked up', async () => {
      const results = await Promise.all(Array.from({ length: 20 }, () => enter('LMNP-QRST')));
      expect(results.filter((result) => result.kind === 'wrong_code')).toHaveLength(5);
      expect(results.filter((result) => result.kind === 'limited')).toHaveLength(15);
    });

    it('caps wrong codes on the whole server per minute, across users and addresses', async () => {
      kit = createDeviceFlowTestKit({ limits: { global: 3 } });
      await kit.start.start(kit.request({ client_id: 'cli' }));
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        expect(
          (
            await enter('LMNP-QRST', {
              userId: attempt % 2 ? USER_ID : OTHER_USER_ID,
              address: `192.0.2.${attempt}`,
            })
          ).kind,
        ).toBe('wrong_code');
      }
      const limited = await enter('BCDF-GHJK', { userId: OTHER_USER_ID, address: '192.0.2.50' });
      expect(limited).toMatchObject({
        kind: 'limited',
        message: expect.stringContaining('on this server right now'),
      });
      expect((limited as { retryAfterSeconds: number }).retryAfterSeconds).toBeLessThanOrEqual(60);
      minutes(1);
      expect(
        (await enter('BCDF-GHJK', { userId: OTHER_USER_ID, address: '192.0.2.50' })).kind,
      ).toBe('consent');
    });

    it('does not let one account spend the server-wide budget: entries its own limit refused are not counted', async () => {
      kit = createDeviceFlowTestKit({ limits: { global: 8 } });
      await kit.start.start(kit.request({ client_id: 'cli' }));
      for (let attempt = 1; attempt <= 110; attempt += 1)
        await enter('LMNP-QRST', { address: `192.0.2.${attempt % 200}` });
      expect(await enter('LMNP-QRST', { address: '192.0.2.250' })).toMatchObject({
        kind: 'limited',
        message: expect.stringContaining('your account'),
      });
      expect(
        (await enter('BCDF-GHJK', { userId: OTHER_USER_ID, address: '198.51.100.7' })).kind,
      ).toBe('consent');
    });
  });
});
