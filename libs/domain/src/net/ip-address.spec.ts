import { formatIPv4, isIpLiteral, parseIPv4, parseIPv6 } from './ip-address';

describe('parseIPv4', () => {
  it.each([
    ['0.0.0.0', 0],
    ['127.0.0.1', 0x7f000001],
    ['255.255.255.255', 0xffffffff],
    ['192.168.1.10', 0xc0a8010a],
  ])('parses %s', (text, value) => {
    expect(parseIPv4(text)).toBe(value);
    expect(formatIPv4(value)).toBe(text);
  });

  it.each([['256.0.0.1'], ['1.2.3'], ['1.2.3.4.5'], ['0177.0.0.1'], ['127.1'], ['0x7f.0.0.1'], [' 1.2.3.4'], ['1.2.3.4 '], ['']])(
    'refuses %p',
    (text) => {
      expect(parseIPv4(text)).toBeNull();
    },
  );
});

describe('parseIPv6', () => {
  it.each([
    ['::', 0n],
    ['::1', 1n],
    ['[::1]', 1n],
    ['1::', 1n << 112n],
    ['2001:db8::8:800:200c:417a', 0x20010db80000000000080800200c417an],
    ['2001:DB8:0:0:8:800:200C:417A', 0x20010db80000000000080800200c417an],
    ['::ffff:192.0.2.1', 0xffffc0000201n],
    ['::ffff:c000:201', 0xffffc0000201n],
    ['64:ff9b::10.0.0.1', 0x0064ff9b00000000000000000a000001n],
    ['1:2:3:4:5:6:7::', 0x0001000200030004000500060007_0000n],
    ['1:2:3:4:5:6:1.2.3.4', 0x00010002000300040005000601020304n],
    ['0:0:0:0:0:0:0:1', 1n],
  ])('parses %s', (text, value) => {
    expect(parseIPv6(text)).toBe(value);
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
    ['g::1'],
    ['1.2.3.4::'],
    ['::1.2.3.4:5'],
    ['::256.0.0.1'],
    ['1.2.3.4'],
    ['[::1'],
    [''],
  ])('refuses %p', (text) => {
    expect(parseIPv6(text)).toBeNull();
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
