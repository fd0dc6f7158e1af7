import 'reflect-metadata';
import {
  type OrganizationAuditVerification,
  verifyOrganizationAuditLog,
} from '@gatehouse/feature-token-exchange';
import { closeDataSource, createDataSource } from '@gatehouse/persistence';
import { databaseTarget, type DatabaseOptions, encryptionKeyFor } from '../database-target';

/** Reads the database directly: the check must not trust the service whose log it checks. */
export async function verifyAuditWithDatabase(
  options: DatabaseOptions,
  orgName: string,
): Promise<OrganizationAuditVerification | null> {
  const target = databaseTarget(options);
  // The seal key derives from the encryption key, which the database does not hold.
  const encryptionKey = await encryptionKeyFor(options, target);
  const dataSource = await createDataSource(target);
  try {
    return await verifyOrganizationAuditLog(dataSource, orgName, encryptionKey);
  } finally {
    await closeDataSource(dataSource);
  }
}
