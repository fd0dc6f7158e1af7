import { Agent, request } from 'undici';
import { bootstrapService, RunningService } from '../bootstrap/service-bootstrap';
import { ProbeModule } from '../testing/probe.module';

// The client address over real HTTP: a service trusting no proxy (the all-in-one's default) and
// one behind a gateway on 127.0.0.1, called from 127.0.0.1 and from 127.0.0.2 (another loopback
// address, so another peer).
describe('the client address of a request', () => {
  let direct: RunningService;
  let behindGateway: RunningService;
  const fromOtherPeer = new Agent({ localAddress: '127.0.0.2' });

  beforeAll(async () => {
    const common = {
      module: ProbeModule,
      port: 0,
      host: '127.0.0.1',
      logLevel: 'silent' as const,
      handleProcessSignals: false,
    };
    direct = await bootstrapService({ ...common, name: 'probe-direct' });
    behindGateway = await bootstrapService({
      ...common,
      name: 'probe-behind-gateway',
      trustedProxies: ['127.0.0.1/32'],
    });
  });

  afterAll(async () => {
    await Promise.all([direct?.close(), behindGateway?.close()]);
    await fromOtherPeer.close();
  });

  async function seenBy(
    service: RunningService,
    forwardedFor?: string,
    dispatcher?: Agent,
  ): Promise<{ address: string; expressIp: string }> {
    const res = await request(`${service.url}/api/client-address`, {
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
      dispatcher,
    });
    expect(res.statusCode).toBe(200);
    return (await res.body.json()) as { address: string; expressIp: string };
  }

  it('reads each request of a kept-alive connection on its own, whatever the one before carried', async () => {
    const oneConnection = new Agent({ connections: 1 });
    try {
      const answers = [];
      for (const forwardedFor of ['198.51.100.7', '198.51.100.7', undefined, '203.0.113.9'])
        answers.push((await seenBy(behindGateway, forwardedFor, oneConnection)).address);
      expect(answers).toEqual(['198.51.100.7', '198.51.100.7', '127.0.0.1', '203.0.113.9']);
    } finally {
      await oneConnection.close();
    }
  });

  it('trusting no proxy, ignores X-Forwarded-For even from loopback', async () => {
    expect(await seenBy(direct, '203.0.113.9')).toEqual({
      address: '127.0.0.1',
      expressIp: '127.0.0.1',
    });
    expect(await seenBy(direct, '203.0.113.9, 198.51.100.7', fromOtherPeer)).toEqual({
      address: '127.0.0.2',
      expressIp: '127.0.0.2',
    });
  });

  it('behind a trusted gateway, takes the address the gateway saw, as Express does', async () => {
    expect(await seenBy(behindGateway, '198.51.100.7')).toEqual({
      address: '198.51.100.7',
      expressIp: '198.51.100.7',
    });
    expect(await seenBy(behindGateway, '203.0.113.9, 198.51.100.7')).toEqual({
      address: '198.51.100.7',
      expressIp: '198.51.100.7',
    });
    expect(await seenBy(behindGateway)).toEqual({ address: '127.0.0.1', expressIp: '127.0.0.1' });
  });

  it('behind a trusted gateway, ignores X-Forwarded-For from any other peer', async () => {
    expect(await seenBy(behindGateway, '198.51.100.7', fromOtherPeer)).toEqual({
      address: '127.0.0.2',
      expressIp: '127.0.0.2',
    });
  });

  it('normalises IPv6 and IPv4-mapped addresses, which Express passes on as written', async () => {
    expect(await seenBy(behindGateway, '2001:DB8:0:0:0:0:0:1')).toEqual({
      address: '2001:db8::1',
      expressIp: '2001:DB8:0:0:0:0:0:1',
    });
    expect(await seenBy(behindGateway, '::ffff:198.51.100.7')).toEqual({
      address: '198.51.100.7',
      expressIp: '::ffff:198.51.100.7',
    });
  });
});
