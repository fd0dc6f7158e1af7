import { describeTokenStoreContract } from '../tokens/ports/token.store.contract';
import { InMemoryAccounts } from './in-memory-account.reader';
import { InMemoryIssuedTokenWriter } from './in-memory-issued-token.writer';
import { InMemoryTokenStore } from './in-memory-token.store';
import { ImmediateTransactionRunner } from './in-memory-transaction-runner';
import { RecordingOutbox } from './in-memory-outbox.writer';

describeTokenStoreContract('InMemoryTokenStore', async () => {
  const store = new InMemoryTokenStore();
  const accounts = new InMemoryAccounts();
  store.findUser = (id) => accounts.findUser(id);
  const outbox = new RecordingOutbox();
  return {
    store,
    writer: new InMemoryIssuedTokenWriter(store, outbox),
    transactions: new ImmediateTransactionRunner(),
    addUser: async (user) => void accounts.addUser(user),
    outbox: async () => [...outbox.messages],
    addPersonalToken: async (row) => void store.personalTokens.push({ ...row }),
    personalTokenRevokedAt: async (id) =>
      store.personalTokens.find((row) => row.id === id)?.revokedAt ?? null,
  };
});
