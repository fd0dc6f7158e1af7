import type { LookupAddress } from 'node:dns';
import { AddressRefusedError } from './address-refused.error';
import { guardedLookup, resolveWithin } from './guarded-lookup';

function lookupWith(
  addresses: LookupAddress[],
  allowLoopback = false,
  options: { all?: boolean; family?: number } = {},
) {
  const lookup = guardedLookup({ allowLoopback, resolve: async () => addresses });
  return new Promise<{ error: Error | null; address: unknown; family?: number }>((resolve) =>
    lookup(
      'target.example',
      { all: options.all, family: options.family } as never,
      (error, address, family) => resolve({ error, address, family }),
    ),
  );
}

describe('guardedLookup', () => {
  it('passes public addresses through', async () => {
    await expect(lookupWith([{ address: '93.184.215.14', family: 4 }])).resolves.toEqual({
      error: null,
      address: '93.184.215.14',
      family: 4,
    });
  });

  it('dials only the allowed addresses of a host that resolves to both kinds', async () => {
    const result = await lookupWith(
      [
        { address: '10.0.0.5', family: 4 },
        { address: '93.184.215.14', family: 4 },
      ],
      false,
      { all: true },
    );
    expect(result.address).toEqual([{ address: '93.184.215.14', family: 4 }]);
  });

  it.each([
    ['127.0.0.1', 4, 'loopback (127.0.0.0/8)'],
    ['169.254.169.254', 4, 'link-local (169.254.0.0/16)'],
    ['::1', 6, 'loopback (::1/128)'],
    ['fd00::1', 6, 'unique local (fc00::/7)'],
  ])('refuses a host resolving only to %s', async (address, family, reason) => {
    const { error } = await lookupWith([{ address, family }]);
    expect(error).toBeInstanceOf(AddressRefusedError);
    expect((error as AddressRefusedError).reason).toBe(reason);
  });

  it('lets loopback (only) through when allowed', async () => {
    await expect(lookupWith([{ address: '127.0.0.1', family: 4 }], true)).resolves.toMatchObject({
      error: null,
      address: '127.0.0.1',
    });
    expect((await lookupWith([{ address: '10.1.2.3', family: 4 }], true)).error).toBeInstanceOf(
      AddressRefusedError,
    );
  });
});

describe('resolveWithin', () => {
  it('answers what the resolver answers', async () => {
    const answers: LookupAddress[] = [{ address: '93.184.215.14', family: 4 }];
    await expect(resolveWithin('example.com', 1_000, async () => answers)).resolves.toEqual(
      answers,
    );
  });

  it('fails a resolver that never answers once the wait is over, naming the host', async () => {
    await expect(
      resolveWithin('slow.example', 20, () => new Promise(() => undefined)),
    ).rejects.toThrow('resolving slow.example took longer than 20 ms');
  });

  it('passes a resolver failure through, its code intact', async () => {
    const notFound = Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.example'), {
      code: 'ENOTFOUND',
    });
    await expect(
      resolveWithin('nowhere.example', 1_000, async () => Promise.reject(notFound)),
    ).rejects.toBe(notFound);
  });
});
