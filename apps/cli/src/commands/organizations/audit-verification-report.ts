import type { OrganizationAuditVerification } from '@gatehouse/feature-token-exchange';

/** What `gatehouse orgs audit verify` prints; a broken chain is an error (exit code 1). */
export function auditVerificationReport(
  orgName: string,
  verification: OrganizationAuditVerification | null,
): string {
  if (!verification) throw new Error(`No organization ${orgName}`);
  const { organization, verdict } = verification;
  if (verdict.intact) {
    const entries = verdict.checked === 1 ? '1 entry' : `${verdict.checked} entries`;
    return `Audit log of ${organization.name}: ${entries}, hash chain intact.`;
  }
  const before =
    verdict.checked === 1
      ? '1 entry before it verified'
      : `${verdict.checked} entries before it verified`;
  throw new Error(
    `Audit log of ${organization.name} is broken at ${verdict.brokenAt.message} (${before}).`,
  );
}
