import { AccountRepository } from '@gatehouse/persistence';
import type { DataSource } from 'typeorm';
import { AuditChainVerdict, AuditChainVerifier } from './audit-chain';
import { AuditLogStore } from './ports/audit-log.store';
import { AuditSeal } from './audit-seal';
import { TypeOrmAuditLogStore } from './infrastructure/typeorm-audit-log.store';

const BATCH_SIZE = 1000;

/**
 * Walks an organization's whole chain, oldest first, in batches, and stops at the first broken
 * link; with the seal, also checks the seals and that the chain reaches its sealed head (read
 * first, so entries appended during the walk do not count against it).
 */
export async function verifyAuditLog(store: AuditLogStore, orgId: string, seal: AuditSeal | null, batchSize = BATCH_SIZE): Promise<AuditChainVerdict> {
  const verifier = new AuditChainVerifier(seal ? { seal, head: await store.sealedHead(orgId) } : undefined);
  let afterSeq = 0;
  for (;;) {
    const batch = await store.ascending(orgId, afterSeq, batchSize);
    for (const entry of batch) if (!verifier.accept(entry)) return verifier.verdict();
    if (batch.length < batchSize) return verifier.verdict();
    afterSeq = batch[batch.length - 1]!.seq;
  }
}

export interface OrganizationAuditVerification {
  organization: { id: string; name: string };
  verdict: AuditChainVerdict;
}

/**
 * `gatehouse orgs audit verify ORG`: reads the database directly (an operator's check must not
 * trust the service whose log it checks), with the encryption key the seal key derives from.
 * Null when there is no such organization.
 */
export async function verifyOrganizationAuditLog(dataSource: DataSource, orgName: string, encryptionKey: string): Promise<OrganizationAuditVerification | null> {
  const org = await new AccountRepository(dataSource.manager).findOrgByName(orgName);
  if (!org) return null;
  const verdict = await verifyAuditLog(new TypeOrmAuditLogStore(dataSource), org.id, AuditSeal.fromEncryptionKey(encryptionKey));
  return { organization: { id: org.id, name: org.name }, verdict };
}
