import { type LocalSite, startLocalSite } from '@gatehouse/testing';
import { interceptors, request } from 'undici';
import { AddressRefusedError } from './address-refused.error';
import { guardedAgent, guardedConnector } from './guarded-agent';
import { classifyOutboundFailure } from './outbound-failure';

describe('guardedConnector', () => {
  function connectTo(hostname: string, allowLoopback = false) {
    const connect = guardedConnector({
      allowLoopback,
      connectTimeoutMs: 1_000,
      resolve: async () => [],
    });
    return new Promise<Error | null>((resolve) =>
      connect({ hostname, protocol: 'http:', port: '9' }, (error, socket) => {
        socket?.destroy();
        resolve(error);
      }),
    );
  }

  it.each(['127.0.0.1', '[::1]', '10.0.0.1', '[::ffff:192.168.0.1]'])(
    'refuses the literal address %s before dialling',
    async (host) => {
      await expect(connectTo(host)).resolves.toBeInstanceOf(AddressRefusedError);
    },
  );
});

describe('guardedAgent', () => {
  let site: LocalSite;
  let port: string;
  let hits: string[];

  beforeAll(async () => {
    site = await startLocalSite((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/to-private')
        res.writeHead(302, { location: 'http://10.0.0.1/secret' }).end();
      else res.end('ok');
    });
    port = new URL(site.base).port;
  });
  beforeEach(() => (hits = []));
  afterAll(() => site.close());

  const answers = (addresses: string[]) => async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('connects to loopback only when allowed', async () => {
    const allowed = guardedAgent({ allowLoopback: true, connectTimeoutMs: 1_000 });
    const refused = guardedAgent({ allowLoopback: false, connectTimeoutMs: 1_000 });
    const response = await request(`http://127.0.0.1:${port}/a`, { dispatcher: allowed });
    expect([response.statusCode, await response.body.text()]).toEqual([200, 'ok']);
    const failure = await request(`http://127.0.0.1:${port}/b`, { dispatcher: refused }).catch(
      classifyOutboundFailure,
    );
    expect(failure).toEqual({
      kind: 'address_refused',
      refusal: new AddressRefusedError('127.0.0.1', 'loopback (127.0.0.0/8)'),
    });
    await Promise.all([allowed.close(), refused.close()]);
    expect(hits).toEqual(['/a']);
  });

  it('judges the answer of the lookup made for the connection itself (DNS rebinding)', async () => {
    let lookups = 0;
    const rebinding = async () => {
      lookups += 1;
      return [{ address: lookups === 1 ? '127.0.0.1' : '169.254.169.254', family: 4 }];
    };
    const agent = guardedAgent({
      allowLoopback: true,
      connectTimeoutMs: 1_000,
      resolve: rebinding,
    });
    const first = await request(`http://rebind.example:${port}/first`, {
      dispatcher: agent,
      reset: true,
    });
    await first.body.dump();
    const second = await request(`http://rebind.example:${port}/second`, {
      dispatcher: agent,
      reset: true,
    }).catch(classifyOutboundFailure);
    await agent.close();
    expect(second).toMatchObject({
      kind: 'address_refused',
      refusal: { host: 'rebind.example', reason: 'link-local (169.254.0.0/16)' },
    });
    expect(hits).toEqual(['/first']);
  });

  it('guards every hop of a followed redirect', async () => {
    const agent = guardedAgent({
      allowLoopback: true,
      connectTimeoutMs: 1_000,
      resolve: answers(['127.0.0.1']),
    });
    const following = agent.compose(interceptors.redirect({ maxRedirections: 2 }));
    const failure = await request(`http://127.0.0.1:${port}/to-private`, {
      dispatcher: following,
    }).catch(classifyOutboundFailure);
    await agent.close();
    expect(failure).toEqual({
      kind: 'address_refused',
      refusal: new AddressRefusedError('10.0.0.1', 'private-use (10.0.0.0/8)'),
    });
    expect(hits).toEqual(['/to-private']);
  });
});
