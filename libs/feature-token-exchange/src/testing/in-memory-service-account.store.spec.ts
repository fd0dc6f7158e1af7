import { ImmediateTransactionRunner } from '@gatehouse/identity/testing';
import type { PersonalTokenRecord } from '@gatehouse/identity';
import { describeServiceAccountStoreContract } from '../service-accounts/ports/service-account.store.contract';
import { InMemoryServiceAccountStore } from './in-memory-service-account.store';

describeServiceAccountStoreContract('InMemoryServiceAccountStore', async () => {
  const usernames = new Map<string, string>();
  const personalTokens: PersonalTokenRecord[] = [];
  return {
    store: new InMemoryServiceAccountStore({
      addUser: (account) => {
        const key = account.username.toLowerCase();
        if ([...usernames.values()].includes(key)) return false;
        usernames.set(account.id, key);
        return true;
      },
      removeUser: (id) => void usernames.delete(id),
      personalTokens,
    }),
    transactions: new ImmediateTransactionRunner(),
    addOrganization: async () => undefined,
  };
});
