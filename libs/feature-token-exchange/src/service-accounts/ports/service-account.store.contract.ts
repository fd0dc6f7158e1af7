import type { TransactionRunner } from '@gatehouse/identity';
import type { ServiceAccountRecord, ServiceAccountTokenRecord } from './service-account-records';
import type { ServiceAccountStore } from './service-account.store';

/** A service-account store, and how to add the organizations it needs. */
export interface ServiceAccountStoreSubject {
  store: ServiceAccountStore;
  transactions: TransactionRunner;
  addOrganization(id: string, name: string): Promise<void>;
}

const AT = new Date(Date.UTC(2026, 0, 1, 12));

let counter = 0;
function nextId(): string {
  counter += 1;
  return `65f1${String(Date.now() % 1e8).padStart(8, '0')}${counter.toString(16).padStart(12, '0')}`;
}

/**
 * What every ServiceAccountStore promises (in memory in the unit tier, TypeORM on PostgreSQL in
 * the integration tier): an account is found through its organization only, its username is taken
 * case-insensitively, a rotation wins only over the value it read, and deleting an account takes
 * its tokens with it.
 */
export function describeServiceAccountStoreContract(
  name: string,
  open: () => Promise<ServiceAccountStoreSubject>,
): void {
  describe(`${name} (ServiceAccountStore contract)`, () => {
    let subject: ServiceAccountStoreSubject;

    beforeAll(async () => {
      subject = await open();
    });

    async function anOrganization(): Promise<{ id: string; name: string }> {
      const org = { id: nextId(), name: `org-${nextId()}` };
      await subject.addOrganization(org.id, org.name);
      return org;
    }

    async function anAccount(org: { id: string; name: string }, name = 'ci') {
      const account: ServiceAccountRecord = {
        id: nextId(),
        orgId: org.id,
        username: `${org.name}+${name}`,
        displayName: name,
        createdAt: AT,
      };
      const inserted = await subject.transactions.run((tx) =>
        subject.store.insert(tx, account, 'write'),
      );
      expect(inserted).toBe(true);
      return account;
    }

    async function aToken(account: ServiceAccountRecord): Promise<ServiceAccountTokenRecord> {
      const token: ServiceAccountTokenRecord = {
        id: nextId(),
        tokenHash: nextId().padEnd(64, '0'),
        userId: account.id,
        name: 'release',
        role: 'fineGrained',
        fineGrained: { global: [], scoped: [], canReadGatedRepos: true },
        expiresAt: null,
        preview: 'hf_…abcd',
        lastUsedAt: null,
        lastUsedAddress: null,
        lastUsedClient: null,
        createdAt: AT,
        revokedAt: null,
      };
      await subject.transactions.run((tx) =>
        subject.store.insertToken(tx, token, { orgId: account.orgId, approvedBy: null, at: AT }),
      );
      return token;
    }

    it('finds an account through its own organization only', async () => {
      const org = await anOrganization();
      const other = await anOrganization();
      const account = await anAccount(org);
      expect(await subject.store.find(org.id, account.id)).toEqual(account);
      expect(await subject.store.list(org.id)).toEqual([account]);
      expect(await subject.store.find(other.id, account.id)).toBeNull();
      expect(await subject.store.list(other.id)).toEqual([]);
    });

    it('refuses a username already taken, whatever its case, writing nothing', async () => {
      const org = await anOrganization();
      await anAccount(org, 'bot');
      const twin: ServiceAccountRecord = {
        id: nextId(),
        orgId: org.id,
        username: `${org.name}+BOT`,
        displayName: 'twin',
        createdAt: AT,
      };
      expect(await subject.transactions.run((tx) => subject.store.insert(tx, twin, 'write'))).toBe(
        false,
      );
      expect((await subject.store.list(org.id)).map((account) => account.displayName)).toEqual([
        'bot',
      ]);
    });

    it('renames within the organization only', async () => {
      const org = await anOrganization();
      const other = await anOrganization();
      const account = await anAccount(org);
      const rename = (orgId: string) =>
        subject.transactions.run((tx) => subject.store.rename(tx, orgId, account.id, 'Nightly'));
      expect(await rename(other.id)).toBeNull();
      expect(await rename(org.id)).toEqual({ ...account, displayName: 'Nightly' });
    });

    it('rotates a token only over the value it read, and revokes it once', async () => {
      const org = await anOrganization();
      const account = await anAccount(org);
      const token = await aToken(account);
      expect(await subject.store.findToken(account.id, token.id)).toEqual(token);
      const rotation = {
        tokenHash: nextId().padEnd(64, '1'),
        preview: 'hf_…wxyz',
        createdAt: new Date(AT.getTime() + 1000),
        expiresAt: null,
        lastUsedAt: null,
        lastUsedAddress: null,
        lastUsedClient: null,
      };
      const rotate = (readHash: string) =>
        subject.transactions.run((tx) =>
          subject.store.rotateToken(tx, account.id, token.id, readHash, rotation),
        );
      expect(await rotate(token.tokenHash)).toEqual({ ...token, ...rotation });
      expect(await rotate(token.tokenHash)).toBeNull();
      const revoke = () =>
        subject.transactions.run((tx) =>
          subject.store.revokeToken(tx, account.id, token.id, new Date(AT.getTime() + 2000)),
        );
      expect(await revoke()).toBe(true);
      expect(await revoke()).toBe(false);
      expect(await subject.store.findToken(account.id, token.id)).toBeNull();
      expect(await subject.store.tokens(account.id)).toEqual([]);
    });

    it('deletes an account with its tokens, from its own organization only', async () => {
      const org = await anOrganization();
      const other = await anOrganization();
      const account = await anAccount(org);
      const token = await aToken(account);
      const remove = (orgId: string) =>
        subject.transactions.run((tx) => subject.store.delete(tx, orgId, account.id));
      expect(await remove(other.id)).toBe(false);
      expect(await subject.store.tokens(account.id)).toEqual([token]);
      expect(await remove(org.id)).toBe(true);
      expect(await subject.store.find(org.id, account.id)).toBeNull();
      expect(await subject.store.tokens(account.id)).toEqual([]);
      expect(await remove(org.id)).toBe(false);
    });
  });
}
