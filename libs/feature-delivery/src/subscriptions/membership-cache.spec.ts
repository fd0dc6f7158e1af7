import { FakeMembershipSource, ORG, OWNER } from '../testing/fakes';
import { MembershipCache } from './membership-cache';

const repo = (ownerId: string) => ({
  type: 'model' as const,
  name: 'x/y',
  private: true,
  owner: { id: ownerId, name: 'x' },
});

describe('MembershipCache', () => {
  it('lets the owner and members of the owning organization read, nobody else', async () => {
    const source = new FakeMembershipSource();
    source.memberships.set(OWNER, new Set([ORG]));
    const cache = new MembershipCache(source);
    await cache.reload();
    expect(cache.canRead(OWNER, repo(OWNER))).toBe(true);
    expect(cache.canRead(OWNER, repo(ORG))).toBe(true);
    expect(cache.canRead(OWNER, repo('cccccccccccccccccccccccc'))).toBe(false);
    expect(cache.canRead('dddddddddddddddddddddddd', repo(ORG))).toBe(false);
  });

  it('sees a removed membership only after the next reload, and keeps its snapshot when a reload fails', async () => {
    const source = new FakeMembershipSource();
    source.memberships.set(OWNER, new Set([ORG]));
    const cache = new MembershipCache(source);
    await cache.reload();
    source.memberships.delete(OWNER);
    expect(cache.canRead(OWNER, repo(ORG))).toBe(true);
    source.failNext = true;
    await expect(cache.reload()).rejects.toThrow('database down');
    expect(cache.canRead(OWNER, repo(ORG))).toBe(true);
    await cache.reload();
    expect(cache.canRead(OWNER, repo(ORG))).toBe(false);
  });
});
