import { hashToken } from '@gatehouse/crypto';
import {
  basic,
  createDeviceFlowTestKit,
  DeviceFlowTestKit,
  rejection,
} from '../testing/device-flow-test-kit';

describe('DeviceAuthorizationService (POST /oauth/device)', () => {
  let kit: DeviceFlowTestKit;

  beforeEach(() => {
    kit = createDeviceFlowTestKit();
  });

  it('answers RFC 8628 §3.2 with the user code shown as XXXX-XXXX and the verification URIs', async () => {
    const answer = await kit.start.start(kit.request({ client_id: 'cli' }));
    expect(answer).toEqual({
      device_code: expect.stringMatching(/^[0-9A-Za-z]{40,}$/),
      user_code: 'BCDF-GHJK',
      verification_uri: 'https://hub.example/oauth/device',
      verification_uri_complete: 'https://hub.example/oauth/device?user_code=BCDF-GHJK',
      expires_in: 900,
      interval: 5,
    });
  });

  it('stores the device code only as its hash, and the app scopes when none are asked', async () => {
    const { device_code } = await kit.start.start(kit.request({ client_id: 'cli' }));
    expect(await kit.store.get(`device:${device_code}`)).toBeNull();
    expect(await kit.authorizations.find(hashToken(device_code))).toEqual({
      clientId: 'cli',
      clientName: 'Gatehouse CLI',
      scopes: ['openid', 'profile', 'read-repos'],
      userCode: 'BCDFGHJK',
      createdAt: kit.clock.now(),
      expiresAt: kit.clock.now() + 900_000,
    });
    expect(await kit.authorizations.findByUserCode('BCDFGHJK')).toBe(hashToken(device_code));
  });

  it('keeps the requested scopes when the app may ask for them', async () => {
    const { device_code } = await kit.start.start(
      kit.request({ client_id: 'cli', scope: 'openid read-repos' }),
    );
    expect((await kit.authorizations.find(hashToken(device_code)))!.scopes).toEqual([
      'openid',
      'read-repos',
    ]);
  });

  it('refuses a scope the app may not ask for with invalid_scope', async () => {
    const error = await rejection(
      kit.start.start(kit.request({ client_id: 'cli', scope: 'openid manage-repos' })),
    );
    expect([error.code, error.message]).toEqual([
      'invalid_scope',
      "Scope 'manage-repos' is not allowed for this app",
    ]);
  });

  it('uses the configured lifetime and interval', async () => {
    kit = createDeviceFlowTestKit({ deviceCodeTtlSeconds: 120, pollIntervalSeconds: 1 });
    expect(await kit.start.start(kit.request({ client_id: 'cli' }))).toMatchObject({
      expires_in: 120,
      interval: 1,
    });
  });

  it('needs Basic authentication for an app with a secret', async () => {
    expect((await rejection(kit.start.start(kit.request({ client_id: 'web' })))).code).toBe(
      'invalid_client',
    );
    expect((await rejection(kit.start.start(kit.request({}, basic('web', 'wrong'))))).code).toBe(
      'invalid_client',
    );
    expect(await kit.start.start(kit.request({}, basic('web', 's3cret')))).toMatchObject({
      user_code: 'BCDF-GHJK',
    });
  });

  it('refuses unknown clients with invalid_client and metadata-document clients with unauthorized_client', async () => {
    expect((await rejection(kit.start.start(kit.request({ client_id: 'nobody' })))).code).toBe(
      'invalid_client',
    );
    expect((await rejection(kit.start.start(kit.request({})))).code).toBe('invalid_client');
    const cimd = await rejection(
      kit.start.start(kit.request({ client_id: 'https://app.example/.well-known/oauth-cimd' })),
    );
    expect(cimd.code).toBe('unauthorized_client');
  });

  it('draws another user code when the first is held by a live authorization', async () => {
    kit = createDeviceFlowTestKit({ userCodes: ['BCDFGHJK', 'BCDFGHJK', 'LMNPQRST'] });
    expect((await kit.start.start(kit.request({ client_id: 'cli' }))).user_code).toBe('BCDF-GHJK');
    expect((await kit.start.start(kit.request({ client_id: 'cli' }))).user_code).toBe('LMNP-QRST');
  });

  it('fails with server_error when every draw collides', async () => {
    kit = createDeviceFlowTestKit({ userCodes: ['BCDFGHJK'] });
    await kit.start.start(kit.request({ client_id: 'cli' }));
    expect((await rejection(kit.start.start(kit.request({ client_id: 'cli' })))).code).toBe(
      'server_error',
    );
  });

  it('limits starts per client address: the 4th within the window is 429 with the wait, another address goes on', async () => {
    kit = createDeviceFlowTestKit({
      limits: { startsPerAddress: 3, startWindowSeconds: 60 },
      userCodes: ['BCDFGHJK', 'LMNPQRST', 'VWXZBCDF', 'GHJKLMNP', 'QRSTVWXZ'],
    });
    for (let start = 0; start < 3; start += 1)
      await kit.start.start(kit.request({ client_id: 'cli' }));
    kit.clock.advance(20_000);
    const limited = await rejection(kit.start.start(kit.request({ client_id: 'cli' })));
    expect(limited).toMatchObject({
      code: 'temporarily_unavailable',
      description: 'Too many device authorizations from your address; try again later',
      retryAfterSeconds: 40,
    });
    expect(
      (await kit.start.start({ ...kit.request({ client_id: 'cli' }), ip: '192.0.2.44' })).user_code,
    ).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
    kit.clock.advance(40_000);
    expect((await kit.start.start(kit.request({ client_id: 'cli' }))).user_code).toMatch(
      /^[A-Z]{4}-[A-Z]{4}$/,
    );
  });
});
