import { InMemoryAccounts, InMemoryClientLookup } from '@gatehouse/identity/testing';
import { describeConsentStoresContract } from '../consent/ports/consent-context.reader.contract';
import { InMemoryConsentContextReader } from './in-memory-consent-context.reader';
import { InMemoryRememberedConsents } from './in-memory-remembered-consents';

describeConsentStoresContract(
  'InMemoryConsentContextReader and InMemoryRememberedConsents',
  async () => {
    const accounts = new InMemoryAccounts();
    const clients = new InMemoryClientLookup();
    const remembered = new InMemoryRememberedConsents();
    return {
      contexts: new InMemoryConsentContextReader(accounts, clients, remembered),
      remembered,
      addUser: async ({ disabled, ...user }) =>
        void accounts.addUser({ ...user, disabledAt: disabled ? new Date() : null }),
      addMembership: async (userId, organization, role) =>
        void accounts.memberships.push({ userId, organization: { ...organization }, role }),
      addApp: async ({ secretHash, ...app }) =>
        void clients.addApp({ ...app, clientSecretHash: secretHash }),
    };
  },
);
