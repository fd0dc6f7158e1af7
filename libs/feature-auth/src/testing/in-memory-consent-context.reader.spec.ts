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
    const contexts = new InMemoryConsentContextReader(accounts, clients, remembered);
    return {
      contexts,
      remembered,
      addUser: async ({ disabled, emailConfirmed, ...user }) => {
        accounts.addUser({ ...user, disabledAt: disabled ? new Date() : null });
        if (!emailConfirmed) contexts.unconfirmed.add(user.id);
      },
      addMembership: async (userId, organization, role) =>
        void accounts.memberships.push({ userId, organization: { ...organization }, role }),
      addApp: async ({ secretHash, ...app }) =>
        void clients.addApp({ ...app, clientSecretHash: secretHash }),
    };
  },
);
