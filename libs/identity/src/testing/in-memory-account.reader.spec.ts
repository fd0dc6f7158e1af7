import type { OrganizationRecord } from '../accounts/ports/account-records';
import { describeAccountReaderContract } from '../accounts/ports/account.reader.contract';
import { InMemoryAccounts } from './in-memory-account.reader';
import { ImmediateTransactionRunner } from './in-memory-transaction-runner';

describeAccountReaderContract('InMemoryAccounts', async () => {
  const accounts = new InMemoryAccounts();
  const organizations = new Map<string, OrganizationRecord>();
  return {
    reader: accounts,
    transactions: new ImmediateTransactionRunner(),
    addUser: async (user) => void accounts.addUser(user),
    addOrganization: async (organization) => void organizations.set(organization.id, organization),
    addMembership: async (userId, orgId, role) => {
      accounts.memberships.push({ userId, organization: { ...organizations.get(orgId)! }, role });
    },
  };
});
