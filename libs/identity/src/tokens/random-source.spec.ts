import { classifyToken, hasValidChecksum, tokenPrefix } from '@gatehouse/domain';
import { CryptoRandomSource } from './random-source';

describe('CryptoRandomSource', () => {
  const random = new CryptoRandomSource();

  it.each([
    ['personal', 'hf_'],
    ['oauth_access', 'hf_oauth_'],
    ['oauth_refresh', 'hf_oauth_refresh_'],
    ['trusted_publisher', 'hf_jwt_'],
  ] as const)('mints %s tokens of the old length that carry a checksum', (kind, prefix) => {
    const token = random.token(tokenPrefix(kind));
    expect(token).toMatch(new RegExp(`^${prefix}[0-9A-Za-z]{43}$`));
    expect(classifyToken(token)).toBe(kind);
    expect(hasValidChecksum(token)).toBe(true);
  });

  it('gives values that are no credential (codes, client secrets) their 43 characters', () => {
    expect(random.token('')).toMatch(/^[0-9A-Za-z]{43}$/);
  });

  it('never mints the same token twice', () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => random.token('hf_')));
    expect(tokens.size).toBe(1000);
  });
});
