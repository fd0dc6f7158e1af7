import { isLoopbackAddress } from '@gatehouse/domain/testing';
import { DnsHostResolver } from './dns-host-resolver';

describe('DnsHostResolver', () => {
  it('answers every address of a name, through the resolver the outbound guard uses', async () => {
    const resolution = await new DnsHostResolver().resolve('localhost');
    expect(resolution.kind).toBe('resolved');
    const addresses = resolution.kind === 'resolved' ? resolution.addresses : [];
    expect(addresses.length).toBeGreaterThan(0);
    expect(addresses.filter((address) => !isLoopbackAddress(address))).toEqual([]);
  });
});
