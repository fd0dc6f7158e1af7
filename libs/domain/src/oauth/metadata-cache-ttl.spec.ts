import { cacheTtlFromHeaders } from './metadata-cache-ttl';

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const http = (ms: number) => new Date(ms).toUTCString();

describe('cacheTtlFromHeaders', () => {
  it.each<[string, Parameters<typeof cacheTtlFromHeaders>[0], number]>([
    ['max-age', { cacheControl: 'public, max-age=600' }, 600],
    ['max-age upper-case and quoted', { cacheControl: 'Max-Age="900"' }, 900],
    ['max-age below the floor', { cacheControl: 'max-age=5' }, 30],
    ['max-age=0', { cacheControl: 'max-age=0' }, 30],
    ['max-age above the ceiling', { cacheControl: 'max-age=604800' }, 86400],
    ['no-store', { cacheControl: 'no-store' }, 30],
    ['no-cache beats max-age', { cacheControl: 'max-age=3600, no-cache' }, 30],
    ['max-age beats Expires', { cacheControl: 'max-age=120', expires: http(NOW + 7_200_000) }, 120],
    [
      'invalid max-age falls back to Expires',
      { cacheControl: 'max-age=abc', expires: http(NOW + 7_200_000) },
      7200,
    ],
    ['first max-age wins', { cacheControl: 'max-age=100, max-age=5000' }, 100],
    ['private and s-maxage are not ours', { cacheControl: 'private, s-maxage=9000' }, 300],
    ['Expires against Date', { expires: http(NOW + 3_600_000), date: http(NOW - 600_000) }, 4200],
    ['Expires against now', { expires: http(NOW + 3_600_000) }, 3600],
    [
      'Expires against an invalid Date',
      { expires: http(NOW + 3_600_000), date: 'yesterday' },
      3600,
    ],
    ['Expires in the past', { expires: http(NOW - 3_600_000) }, 30],
    ['invalid Expires means expired', { expires: '0' }, 30],
    ['Expires far away', { expires: http(NOW + 10 * 86_400_000) }, 86400],
    ['nothing', {}, 300],
    ['nulls', { cacheControl: null, expires: null, date: null }, 300],
  ])('%s', (_name, headers, seconds) => {
    expect(cacheTtlFromHeaders(headers, NOW)).toBe(seconds);
  });
});
