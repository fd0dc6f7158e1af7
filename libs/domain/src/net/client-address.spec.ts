import {
  clientAddressFrom,
  rateLimitKeyOf,
  type RequestHops,
  TrustedProxies,
  UNKNOWN_CLIENT_ADDRESS,
} from './client-address';

const NONE = TrustedProxies.none();
const GATEWAY = TrustedProxies.of(['127.0.0.1/32']);
const CLUSTER = TrustedProxies.of(['10.0.0.0/8', '2001:db8:ffff::/48']);

describe('clientAddressFrom', () => {
  it.each<[string, RequestHops, TrustedProxies, string]>([
    [
      'no proxy trusted: the peer, whatever X-Forwarded-For claims',
      { peer: '127.0.0.1', forwardedFor: '203.0.113.9' },
      NONE,
      '127.0.0.1',
    ],
    [
      'a private peer is not trusted for being private',
      { peer: '10.1.2.3', forwardedFor: '203.0.113.9' },
      GATEWAY,
      '10.1.2.3',
    ],
    [
      'an untrusted peer forging a whole chain',
      { peer: '198.51.100.7', forwardedFor: '203.0.113.9, 127.0.0.1' },
      GATEWAY,
      '198.51.100.7',
    ],
    [
      'a trusted gateway: the address it saw',
      { peer: '127.0.0.1', forwardedFor: '198.51.100.7' },
      GATEWAY,
      '198.51.100.7',
    ],
    [
      'a trusted gateway that appended to a forged entry: the rightmost untrusted hop',
      { peer: '127.0.0.1', forwardedFor: '203.0.113.9, 198.51.100.7' },
      GATEWAY,
      '198.51.100.7',
    ],
    [
      'a chain of trusted proxies is skipped from the right',
      { peer: '10.0.0.2', forwardedFor: '203.0.113.9, 198.51.100.7, 10.0.0.9, 10.200.0.1' },
      CLUSTER,
      '198.51.100.7',
    ],
    [
      'repeated headers, joined by Node',
      { peer: '10.0.0.2', forwardedFor: ['203.0.113.9', '198.51.100.7 , 10.0.0.9'] },
      CLUSTER,
      '198.51.100.7',
    ],
    [
      'a trusted peer without the header is the client',
      { peer: '127.0.0.1', forwardedFor: undefined },
      GATEWAY,
      '127.0.0.1',
    ],
    [
      'every hop trusted: the leftmost',
      { peer: '10.0.0.2', forwardedFor: '10.3.0.1, 10.0.0.9' },
      CLUSTER,
      '10.3.0.1',
    ],
    [
      'a malformed entry ends the walk at the last good hop',
      { peer: '10.0.0.2', forwardedFor: 'alice, 10.0.0.9' },
      CLUSTER,
      '10.0.0.9',
    ],
    [
      'an empty entry ends the walk too',
      { peer: '127.0.0.1', forwardedFor: '' },
      GATEWAY,
      '127.0.0.1',
    ],
    [
      'an entry with a port is not an address',
      { peer: '127.0.0.1', forwardedFor: '198.51.100.7:4711' },
      GATEWAY,
      '127.0.0.1',
    ],
    [
      'an IPv4-mapped peer is its IPv4 address',
      { peer: '::ffff:198.51.100.7', forwardedFor: undefined },
      NONE,
      '198.51.100.7',
    ],
    [
      'an IPv4-mapped gateway is trusted as its IPv4 address',
      { peer: '::ffff:127.0.0.1', forwardedFor: '::ffff:198.51.100.7' },
      GATEWAY,
      '198.51.100.7',
    ],
    [
      'IPv6 in RFC 5952 form',
      { peer: '2001:DB8:0:0:0:0:0:1', forwardedFor: undefined },
      NONE,
      '2001:db8::1',
    ],
    [
      'a trusted IPv6 proxy',
      { peer: '2001:db8:ffff::1', forwardedFor: '2001:db8:1:2:3:4:5:6' },
      CLUSTER,
      '2001:db8:1:2:3:4:5:6',
    ],
    [
      'no peer (socket gone)',
      { peer: undefined, forwardedFor: '198.51.100.7' },
      GATEWAY,
      UNKNOWN_CLIENT_ADDRESS,
    ],
  ])('%s', (_case, hops, trusted, expected) => {
    expect(clientAddressFrom(hops, trusted)).toBe(expected);
  });
});

describe('rateLimitKeyOf', () => {
  it.each([
    ['198.51.100.7', '198.51.100.7'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['::1', '::/64'],
    [UNKNOWN_CLIENT_ADDRESS, UNKNOWN_CLIENT_ADDRESS],
  ])('%s is counted as %s', (address, key) => {
    expect(rateLimitKeyOf(address)).toBe(key);
  });

  it('gives one IPv6 /64 one key, whichever of its 2^64 addresses the client picks', () => {
    const picks = ['2001:db8:a:b::1', '2001:db8:a:b:dead:beef:0:1', '2001:db8:a:b:ffff::'];
    expect(new Set(picks.map(rateLimitKeyOf))).toEqual(new Set(['2001:db8:a:b::/64']));
  });
});

describe('TrustedProxies.of', () => {
  it('takes bare addresses as one host, and IPv4-mapped blocks as IPv4', () => {
    const trusted = TrustedProxies.of(['192.0.2.10', '::ffff:10.0.0.0/104']);
    expect(clientAddressFrom({ peer: '192.0.2.10', forwardedFor: '198.51.100.7' }, trusted)).toBe(
      '198.51.100.7',
    );
    expect(clientAddressFrom({ peer: '192.0.2.11', forwardedFor: '198.51.100.7' }, trusted)).toBe(
      '192.0.2.11',
    );
    expect(clientAddressFrom({ peer: '10.9.9.9', forwardedFor: '198.51.100.7' }, trusted)).toBe(
      '198.51.100.7',
    );
  });

  it.each(['10.0.0.0/33', '10.0.0.0/', '10.0.0.0/8/8', 'gateway', '127.1/32', '::/129', ''])(
    'refuses %p',
    (cidr) => {
      expect(() => TrustedProxies.of([cidr])).toThrow(RangeError);
    },
  );
});
