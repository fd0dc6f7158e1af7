import { AccountRepository } from '@gatehouse/persistence';
import type { DataSource } from 'typeorm';
import { verifyAuditLog } from '../audit-log-verification';
import { AuditChainVerdict } from '../audit-chain';
import { AuditSeal } from '../audit-seal';
import { TypeOrmAuditLogStore } from './typeorm-audit-log.store';

export interface OrganizationAuditVerification {
  organization: { id: string; name: string };
  verdict: AuditChainVerdict;
}

/**
 * `gatehouse orgs audit verify ORG`: reads the database directly (an operator's check must not
 * trust the service whose log it checks), with the encryption key the seal key derives from.
 * Null when there is no such organization.
 */
export async function verifyOrganizationAuditLog(
  dataSource: DataSource,
  orgName: string,
  encryptionKey: string,
): Promise<OrganizationAuditVerification | null> {
  const org = await new AccountRepository(dataSource.manager).findOrgByName(orgName);
  if (!org) return null;
  const verdict = await verifyAuditLog(
    new TypeOrmAuditLogStore(dataSource),
    org.id,
    AuditSeal.fromEncryptionKey(encryptionKey),
  );
  return { organization: { id: org.id, name: org.name }, verdict };
}
