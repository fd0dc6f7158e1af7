import { ImmediateTransactionRunner, RecordingOutbox } from '@gatehouse/identity/testing';
import { describeAuditLogStoreContract } from '../audit/ports/audit-log.store.contract';
import { InMemoryAuditLogStore } from './in-memory-audit-log.store';

describeAuditLogStoreContract('InMemoryAuditLogStore', async () => {
  const outbox = new RecordingOutbox();
  return { store: new InMemoryAuditLogStore(outbox), transactions: new ImmediateTransactionRunner(), outbox: async () => [...outbox.messages] };
});
