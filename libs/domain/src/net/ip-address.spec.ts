import { isIpLiteral, parseIpAddress } from './ip-address';

const parsed = (text: string) => parseIpAddress(text)?.toNormalizedString() ?? null;

describe('parseIpAddress: IPv4', () => {
  it.each([
    ['0.0.0.0', '0.0.0.0'],
    ['127.0.0.1', '127.0.0.1'],
    ['255.255.255.255', '255.255.255.255'],
    ['192.168.1.10', '192.168.1.10'],
  ])('parses %s', (text, value) => {
    expect(parsed(text)).toBe(value);
    expect(parseIpAddress(text)?.kind()).toBe('ipv4');
  });

  it.each([
    ['256.0.0.1'],
    ['1.2.3'],
    ['1.2.3.4.5'],
    ['0177.0.0.1'],
    ['127.1'],
    ['0x7f.0.0.1'],
    [' 1.2.3.4'],
    ['1.2.3.4 '],
    [''],
  ])('refuses %p', (text) => {
    expect(parseIpAddress(text)).toBeNull();
  });
});

describe('parseIpAddress: IPv6', () => {
  it.each([
    ['::', '0:0:0:0:0:0:0:0'],
    ['::1', '0:0:0:0:0:0:0:1'],
    ['[::1]', '0:0:0:0:0:0:0:1'],
    ['1::', '1:0:0:0:0:0:0:0'],
    ['2001:db8::8:800:200c:417a', '2001:db8:0:0:8:800:200c:417a'],
    ['2001:DB8:0:0:8:800:200C:417A', '2001:db8:0:0:8:800:200c:417a'],
    ['::ffff:192.0.2.1', '0:0:0:0:0:ffff:c000:201'],
    ['::ffff:c000:201', '0:0:0:0:0:ffff:c000:201'],
    ['64:ff9b::10.0.0.1', '64:ff9b:0:0:0:0:a00:1'],
    ['::127.0.0.1', '0:0:0:0:0:0:7f00:1'],
    ['1:2:3:4:5:6:7::', '1:2:3:4:5:6:7:0'],
    ['1:2:3:4:5:6:1.2.3.4', '1:2:3:4:5:6:102:304'],
    ['0:0:0:0:0:0:0:1', '0:0:0:0:0:0:0:1'],
  ])('parses %s', (text, value) => {
    expect(parsed(text)).toBe(value);
    expect(parseIpAddress(text)?.kind()).toBe('ipv6');
  });

  it.each([
    ['fe80::1%eth0'],
    ['1::2::3'],
    [':::'],
    [':1:2:3:4:5:6:7'],
    ['1:2:3:4:5:6:7'],
    ['1:2:3:4:5:6:7:8:9'],
    ['1:2:3:4:5:6:7:8::'],
    ['12345::'],
    ['00001::'],
    ['g::1'],
    ['1.2.3.4::'],
    ['::1.2.3.4:5'],
    ['::256.0.0.1'],
    ['::01.2.3.4'],
    ['[::1'],
    [''],
  ])('refuses %p', (text) => {
    expect(parseIpAddress(text)).toBeNull();
  });
});

describe('isIpLiteral', () => {
  it.each([
    ['10.0.0.1', true],
    ['[2001:db8::1]', true],
    ['example.com', false],
    ['localhost', false],
  ])('%s -> %s', (text, expected) => {
    expect(isIpLiteral(text)).toBe(expected);
  });
});
