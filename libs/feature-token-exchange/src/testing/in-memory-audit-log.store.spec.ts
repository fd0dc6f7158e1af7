import {
  createIdentityTestKit,
  ImmediateTransactionRunner,
  InMemoryIssuedTokenWriter,
} from '@gatehouse/identity/testing';
import { describeAuditLogStoreContract } from '../audit/ports/audit-log.store.contract';
import { InMemoryAuditLogStore } from './in-memory-audit-log.store';

describeAuditLogStoreContract('InMemoryAuditLogStore', async () => {
  const { outbox, tokens } = createIdentityTestKit();
  const store = new InMemoryAuditLogStore(outbox, new InMemoryIssuedTokenWriter(tokens, outbox));
  return {
    store,
    transactions: new ImmediateTransactionRunner(),
    outbox: async () => [...outbox.messages],
  };
});
