import { inDiscoveryOrder } from './grant-types';

describe('inDiscoveryOrder', () => {
  it.each([
    [
      ['refresh_token', 'authorization_code'],
      ['authorization_code', 'refresh_token'],
    ],
    [
      [
        'urn:ietf:params:oauth:grant-type:token-exchange',
        'urn:ietf:params:oauth:grant-type:device_code',
        'refresh_token',
        'authorization_code',
      ],
      [
        'authorization_code',
        'refresh_token',
        'urn:ietf:params:oauth:grant-type:device_code',
        'urn:ietf:params:oauth:grant-type:token-exchange',
      ],
    ],
    [
      ['urn:example:b', 'refresh_token', 'urn:example:a'],
      ['refresh_token', 'urn:example:b', 'urn:example:a'],
    ],
    [['refresh_token', 'refresh_token'], ['refresh_token']],
    [[], []],
  ])('orders %j as %j', (given, expected) => {
    expect(inDiscoveryOrder(given)).toEqual(expected);
  });
});
