import { Inject, Injectable } from '@nestjs/common';
import { ApiError, Clock, SECOND_FACTOR_SETUP_PATH } from '@gatehouse/domain';
import { Principal, PrincipalInvalidator, TransactionRunner } from '@gatehouse/identity';
import { CLOCK } from '@gatehouse/platform';
import type { OrganizationTwoFactorView } from '@gatehouse/settings-api';
import { AUDIT_ACTIONS } from '../audit/audit-entry';
import { AuditRecorder } from '../audit/audit-recorder';
import { OrganizationDirectory } from '../organizations/ports/organization-directory';
import { OrganizationAdminGate } from './organization-admin-gate';

/**
 * Whether an organization requires two factors of its members (docs/settings-api.md
 * "Organization two-factor requirement"), read and changed by its administrators, each change
 * audited in its transaction. An administrator without a factor cannot switch it on: they would
 * lock themselves out of the settings they are changing.
 */
@Injectable()
export class OrganizationTwoFactorService {
  constructor(
    private readonly gate: OrganizationAdminGate,
    private readonly directory: OrganizationDirectory,
    private readonly audit: AuditRecorder,
    private readonly transactions: TransactionRunner,
    private readonly principals: PrincipalInvalidator,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async view(principal: Principal, orgName: string): Promise<OrganizationTwoFactorView> {
    const org = await this.gate.admit(principal, orgName, 'read');
    const standing = await this.directory.twoFactorStanding(org.id, principal.user?.id ?? '');
    return { requireTwoFactor: standing.required };
  }

  async set(
    principal: Principal,
    orgName: string,
    required: boolean,
  ): Promise<OrganizationTwoFactorView> {
    const org = await this.gate.admit(principal, orgName, 'write');
    const actorUserId = principal.user?.id ?? null;
    const standing = await this.directory.twoFactorStanding(org.id, actorUserId ?? '');
    if (standing.required === required) return { requireTwoFactor: required };
    if (required && !standing.hasFactor)
      throw new ApiError(
        'forbidden',
        `Set up two-factor authentication for your own account first (${SECOND_FACTOR_SETUP_PATH}): requiring it now would lock you out of ${org.name}.`,
        { detail: `${actorUserId} has no second factor` },
      );
    await this.transactions.run(async (tx) => {
      await this.directory.setTwoFactorRequired(tx, org.id, required, {
        by: actorUserId,
        at: new Date(this.clock.now()),
      });
      await this.audit.record(tx, {
        orgId: org.id,
        action: AUDIT_ACTIONS.twoFactorRequirementUpdated,
        outcome: 'success',
        actorUserId,
        subject: org.name,
        detail: { previous: standing.required, requireTwoFactor: required },
      });
    });
    await this.principals.organizationMembersChanged(org.id);
    return { requireTwoFactor: required };
  }
}
