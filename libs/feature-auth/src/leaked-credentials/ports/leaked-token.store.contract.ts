import type { TransactionRunner } from '@gatehouse/identity';
import type { LeakedTokenNotice, LiveLeakedToken } from './leaked-token-records';
import type { LeakedTokenNoticeStore } from './leaked-token-notice.store';
import type { LeakedTokenStore } from './leaked-token.store';

/** A token row as the subject stores it; `revoked`, `used` and `expired` relative to NOW. */
export interface StoredToken {
  id: string;
  tokenHash: string;
  userId: string | null;
  clientId?: string;
  familyId?: string;
  name?: string;
  revoked?: boolean;
  expired?: boolean;
  used?: boolean;
}

/** The leaked-credentials stores, and how to put tokens where they look. */
export interface LeakedCredentialStoresSubject {
  tokens: LeakedTokenStore;
  notices: LeakedTokenNoticeStore;
  transactions: TransactionRunner;
  addUser(id: string): Promise<void>;
  addApp(clientId: string, name: string, ownerUserId: string): Promise<void>;
  addPersonalToken(token: StoredToken): Promise<void>;
  addAccessToken(token: StoredToken): Promise<void>;
  addRefreshToken(token: StoredToken): Promise<void>;
}

export const CONTRACT_NOW = new Date(Date.UTC(2026, 0, 1, 12));

let counter = 0;
function nextId(): string {
  counter += 1;
  return `65f2${String(Date.now() % 1e8).padStart(8, '0')}${counter.toString(16).padStart(12, '0')}`;
}
const hashOf = (id: string) => id.padEnd(64, 'e');

/**
 * What LeakedTokenStore and LeakedTokenNoticeStore promise (in memory in the unit tier, SQL on
 * PostgreSQL in the integration tier): live tokens found by hash, personal then access then
 * refresh, each with its owner, name and grant; revoked and expired ones left out; a personal
 * token revoked once; one notice per token, listed newest first for its owner until dismissed.
 */
export function describeLeakedCredentialStoresContract(
  name: string,
  open: () => Promise<LeakedCredentialStoresSubject>,
): void {
  describe(`${name} (LeakedTokenStore and LeakedTokenNoticeStore contract)`, () => {
    let subject: LeakedCredentialStoresSubject;
    let owner: string;
    let other: string;
    let clientId: string;

    beforeAll(async () => {
      subject = await open();
      owner = nextId();
      other = nextId();
      await subject.addUser(owner);
      await subject.addUser(other);
      clientId = `app-${nextId()}`;
      await subject.addApp(clientId, 'Notebook', other);
    });

    function token(fields: Partial<StoredToken> = {}): StoredToken {
      const id = nextId();
      return { id, tokenHash: hashOf(id), userId: owner, ...fields };
    }

    it('finds live tokens of every kind by hash, personal first, with what a notice shows', async () => {
      const personal = token({ name: 'laptop' });
      const access = token({ userId: other, clientId });
      const refresh = token({ userId: other, clientId, familyId: nextId() });
      await subject.addRefreshToken(refresh);
      await subject.addAccessToken(access);
      await subject.addPersonalToken(personal);

      const found = await subject.tokens.findLive(
        [refresh.tokenHash, hashOf(nextId()), access.tokenHash, personal.tokenHash],
        CONTRACT_NOW,
      );
      expect(found).toEqual<LiveLeakedToken[]>([
        {
          kind: 'personal',
          id: personal.id,
          tokenHash: personal.tokenHash,
          userId: owner,
          name: 'laptop',
          clientId: null,
          familyId: null,
        },
        {
          kind: 'access',
          id: access.id,
          tokenHash: access.tokenHash,
          userId: other,
          name: 'Notebook',
          clientId,
          familyId: null,
        },
        {
          kind: 'refresh',
          id: refresh.id,
          tokenHash: refresh.tokenHash,
          userId: other,
          name: 'Notebook',
          clientId,
          familyId: refresh.familyId!,
        },
      ]);
      expect(await subject.tokens.findLive([], CONTRACT_NOW)).toEqual([]);
    });

    it('leaves out revoked and expired tokens, and keeps a rotated refresh token and an ownerless one', async () => {
      const gone = [
        token({ name: 'revoked', revoked: true }),
        token({ clientId, revoked: true }),
        token({ clientId, expired: true }),
        token({ clientId, familyId: nextId(), expired: true }),
        token({ clientId, familyId: nextId(), revoked: true }),
      ];
      const rotated = token({ clientId, familyId: nextId(), used: true });
      const ownerless = token({ userId: null });
      await subject.addPersonalToken(gone[0]!);
      await subject.addAccessToken(gone[1]!);
      await subject.addAccessToken(gone[2]!);
      await subject.addRefreshToken(gone[3]!);
      await subject.addRefreshToken(gone[4]!);
      await subject.addRefreshToken(rotated);
      await subject.addAccessToken(ownerless);

      const found = await subject.tokens.findLive(
        [...gone, rotated, ownerless].map((row) => row.tokenHash),
        CONTRACT_NOW,
      );
      expect(found.map((row) => [row.kind, row.id, row.userId, row.name])).toEqual([
        ['access', ownerless.id, null, null],
        ['refresh', rotated.id, owner, 'Notebook'],
      ]);
    });

    it('revokes a personal token once', async () => {
      const personal = token({ name: 'phone' });
      await subject.addPersonalToken(personal);
      const revoke = () =>
        subject.transactions.run((tx) =>
          subject.tokens.revokePersonalToken(tx, personal.id, CONTRACT_NOW),
        );
      await expect(revoke()).resolves.toBe(true);
      await expect(revoke()).resolves.toBe(false);
      expect(await subject.tokens.findLive([personal.tokenHash], CONTRACT_NOW)).toEqual([]);
    });

    it('records one notice per token and lists a user’s newest first until dismissed', async () => {
      const notice = (fields: Partial<LeakedTokenNotice>): LeakedTokenNotice => ({
        id: nextId(),
        userId: owner,
        tokenKind: 'personal',
        tokenId: nextId(),
        tokenName: 'laptop',
        clientId: null,
        reportedAt: CONTRACT_NOW,
        revokedAt: CONTRACT_NOW,
        dismissedAt: null,
        ...fields,
      });
      const record = (row: LeakedTokenNotice) =>
        subject.transactions.run((tx) => subject.notices.record(tx, row));
      const older = notice({ revokedAt: new Date(CONTRACT_NOW.getTime() - 1000) });
      const newer = notice({ tokenKind: 'access', tokenName: 'Notebook', clientId });
      const others = notice({ userId: other });

      await expect(record(older)).resolves.toBe(true);
      await expect(record(newer)).resolves.toBe(true);
      await expect(record(others)).resolves.toBe(true);
      // The same token again, whatever the new notice's id: told once.
      await expect(record({ ...older, id: nextId() })).resolves.toBe(false);
      // Another kind's token of the same id is another token.
      await expect(
        record({
          ...older,
          id: nextId(),
          tokenKind: 'refresh',
          revokedAt: new Date(CONTRACT_NOW.getTime() - 500),
        }),
      ).resolves.toBe(true);

      const listed = await subject.notices.listActive(owner, 10);
      expect(listed.map((row) => row.id)).toEqual([newer.id, expect.any(String), older.id]);
      expect(listed.find((row) => row.id === newer.id)).toEqual(newer);
      expect(await subject.notices.listActive(owner, 1)).toHaveLength(1);

      await expect(subject.notices.dismiss(other, newer.id, CONTRACT_NOW)).resolves.toBe(false);
      await expect(subject.notices.dismiss(owner, newer.id, CONTRACT_NOW)).resolves.toBe(true);
      await expect(subject.notices.dismiss(owner, newer.id, CONTRACT_NOW)).resolves.toBe(false);
      expect((await subject.notices.listActive(owner, 10)).map((row) => row.id)).not.toContain(
        newer.id,
      );
      expect((await subject.notices.listActive(other, 10)).map((row) => row.id)).toEqual([
        others.id,
      ]);
    });
  });
}
