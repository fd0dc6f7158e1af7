import { classifyAddress, isLoopbackAddress } from './special-use-address';

describe('classifyAddress', () => {
  it.each([
    ['0.1.2.3', '"this network" (0.0.0.0/8)'],
    ['10.0.0.1', 'private-use (10.0.0.0/8)'],
    ['10.255.255.255', 'private-use (10.0.0.0/8)'],
    ['100.64.0.1', 'shared address space (CGNAT) (100.64.0.0/10)'],
    ['100.127.255.254', 'shared address space (CGNAT) (100.64.0.0/10)'],
    ['127.0.0.1', 'loopback (127.0.0.0/8)'],
    ['127.255.0.9', 'loopback (127.0.0.0/8)'],
    ['169.254.169.254', 'link-local (169.254.0.0/16)'],
    ['172.16.0.1', 'private-use (172.16.0.0/12)'],
    ['172.31.255.255', 'private-use (172.16.0.0/12)'],
    ['192.0.0.8', 'IETF protocol assignments (192.0.0.0/24)'],
    ['192.0.2.1', 'documentation (TEST-NET-1) (192.0.2.0/24)'],
    ['192.88.99.1', '6to4 relay anycast (192.88.99.0/24)'],
    ['192.168.0.1', 'private-use (192.168.0.0/16)'],
    ['198.18.0.1', 'benchmarking (198.18.0.0/15)'],
    ['198.19.255.255', 'benchmarking (198.18.0.0/15)'],
    ['198.51.100.7', 'documentation (TEST-NET-2) (198.51.100.0/24)'],
    ['203.0.113.9', 'documentation (TEST-NET-3) (203.0.113.0/24)'],
    ['224.0.0.1', 'multicast (224.0.0.0/4)'],
    ['239.255.255.250', 'multicast (224.0.0.0/4)'],
    ['240.0.0.1', 'reserved (240.0.0.0/4)'],
    ['255.255.255.254', 'reserved (240.0.0.0/4)'],
    ['255.255.255.255', 'limited broadcast (255.255.255.255/32)'],
  ])('refuses IPv4 %s: %s', (ip, reason) => {
    expect(classifyAddress(ip)).toEqual({ allowed: false, reason });
  });

  it.each([
    ['1.1.1.1'],
    ['8.8.8.8'],
    ['9.255.255.255'],
    ['11.0.0.0'],
    ['100.63.255.255'],
    ['100.128.0.0'],
    ['126.255.255.255'],
    ['128.0.0.0'],
    ['169.253.255.255'],
    ['172.15.255.255'],
    ['172.32.0.0'],
    ['192.0.1.255'],
    ['192.0.3.0'],
    ['192.167.255.255'],
    ['192.169.0.0'],
    ['198.17.255.255'],
    ['198.20.0.0'],
    ['223.255.255.255'],
  ])('allows public IPv4 %s', (ip) => {
    expect(classifyAddress(ip)).toEqual({ allowed: true });
  });

  it.each([
    ['::', 'unspecified (::/128)'],
    ['::1', 'loopback (::1/128)'],
    ['[::1]', 'loopback (::1/128)'],
    ['0:0:0:0:0:0:0:1', 'loopback (::1/128)'],
    ['::127.0.0.1', 'IPv4-compatible (deprecated) (::/96)'],
    ['::8.8.8.8', 'IPv4-compatible (deprecated) (::/96)'],
    ['::ffff:0:8.8.8.8', 'IPv4-translated (::ffff:0:0:0/96)'],
    ['fc00::1', 'unique local (fc00::/7)'],
    ['fd12:3456:789a::1', 'unique local (fc00::/7)'],
    ['fe80::1', 'link-local (fe80::/10)'],
    ['febf:ffff::1', 'link-local (fe80::/10)'],
    ['fec0::1', 'site-local (deprecated) (fec0::/10)'],
    ['ff02::1', 'multicast (ff00::/8)'],
    ['2001:db8::1', 'documentation (2001:db8::/32)'],
    ['3fff::1', 'documentation (3fff::/20)'],
    ['100::1', 'discard-only (100::/64)'],
    ['2001::1', 'Teredo (2001::/32)'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo (2001::/32)'],
    ['2001:1::1', 'IETF protocol assignments (2001::/23)'],
    ['2001:1ff:ffff::1', 'IETF protocol assignments (2001::/23)'],
    ['2002:c0a8:101::1', '6to4 (2002::/16)'],
    ['64:ff9b::10.0.0.1', 'NAT64 (64:ff9b::/96)'],
    ['64:ff9b::808:808', 'NAT64 (64:ff9b::/96)'],
    ['64:ff9b:1::1', 'local-use NAT64 (64:ff9b:1::/48)'],
    ['5f00::1', 'segment routing (SRv6) SIDs (5f00::/16)'],
    ['4000::1', 'not global unicast (outside 2000::/3)'],
    ['1::1', 'not global unicast (outside 2000::/3)'],
  ])('refuses IPv6 %s: %s', (ip, reason) => {
    expect(classifyAddress(ip)).toEqual({ allowed: false, reason });
  });

  it.each([
    ['::ffff:10.0.0.1', 'IPv4-mapped 10.0.0.1: private-use (10.0.0.0/8)'],
    ['::ffff:a00:1', 'IPv4-mapped 10.0.0.1: private-use (10.0.0.0/8)'],
    ['::ffff:127.0.0.1', 'IPv4-mapped 127.0.0.1: loopback (127.0.0.0/8)'],
    ['::ffff:169.254.169.254', 'IPv4-mapped 169.254.169.254: link-local (169.254.0.0/16)'],
  ])('judges IPv4-mapped %s by its IPv4 address', (ip, reason) => {
    expect(classifyAddress(ip)).toEqual({ allowed: false, reason });
  });

  it.each([
    ['2606:4700:4700::1111'],
    ['2a00:1450:4001:82a::200e'],
    ['[2001:4860:4860::8888]'],
    ['2001:200::1'],
    ['::ffff:8.8.8.8'],
  ])('allows public IPv6 %s', (ip) => {
    expect(classifyAddress(ip)).toEqual({ allowed: true });
  });

  it.each([
    ['fe80::1%eth0', 'zone identifiers are not accepted'],
    ['fe80::1%25eth0', 'zone identifiers are not accepted'],
    ['localhost', 'not an IP address'],
    ['0177.0.0.1', 'not an IP address'],
    ['127.1', 'not an IP address'],
    ['', 'not an IP address'],
  ])('refuses non-addresses %p', (ip, reason) => {
    expect(classifyAddress(ip)).toEqual({ allowed: false, reason });
  });

  describe('with allowLoopback', () => {
    it.each([['127.0.0.1'], ['127.10.20.30'], ['::1'], ['[::1]'], ['::ffff:127.0.0.1']])(
      'allows loopback %s',
      (ip) => {
        expect(classifyAddress(ip, { allowLoopback: true })).toEqual({ allowed: true });
      },
    );

    it.each([
      ['10.0.0.1'],
      ['0.0.0.0'],
      ['169.254.169.254'],
      ['192.168.1.1'],
      ['::'],
      ['::127.0.0.1'],
      ['fe80::1'],
      ['fc00::1'],
      ['::ffff:10.0.0.1'],
      ['64:ff9b::7f00:1'],
    ])('still refuses %s', (ip) => {
      expect(classifyAddress(ip, { allowLoopback: true }).allowed).toBe(false);
    });
  });
});

describe('isLoopbackAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.200.1.1', true],
    ['::1', true],
    ['[::1]', true],
    ['::ffff:127.0.0.1', true],
    ['::127.0.0.1', false],
    ['10.0.0.1', false],
    ['8.8.8.8', false],
    ['localhost', false],
  ])('%s -> %s', (ip, expected) => {
    expect(isLoopbackAddress(ip)).toBe(expected);
  });
});
