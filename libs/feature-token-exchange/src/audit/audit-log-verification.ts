import { AccountRepository } from '@gatehouse/persistence';
import type { DataSource } from 'typeorm';
import { AuditChainVerdict, AuditChainVerifier } from './audit-chain';
import { AuditLogStore } from './audit-log.store';
import { TypeOrmAuditLogStore } from './typeorm-audit-log.store';

const BATCH_SIZE = 1000;

/** Walks an organization's whole chain, oldest first, in batches, and stops at the first broken link. */
export async function verifyAuditLog(store: AuditLogStore, orgId: string, batchSize = BATCH_SIZE): Promise<AuditChainVerdict> {
  const verifier = new AuditChainVerifier();
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
 * trust the service whose log it checks). Null when there is no such organization.
 */
export async function verifyOrganizationAuditLog(dataSource: DataSource, orgName: string): Promise<OrganizationAuditVerification | null> {
  const org = await new AccountRepository(dataSource.manager).findOrgByName(orgName);
  if (!org) return null;
  const verdict = await verifyAuditLog(new TypeOrmAuditLogStore(dataSource), org.id);
  return { organization: { id: org.id, name: org.name }, verdict };
}
