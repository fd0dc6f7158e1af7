import { Injectable } from '@nestjs/common';
import { ApiError, twoFactorRequiredMessage } from '@gatehouse/domain';
import { actsAsUser, isFineGrained, type Principal } from '@gatehouse/identity';
import {
  DirectoryOrganization,
  OrganizationDirectory,
} from '../organizations/ports/organization-directory';
import { organizationSettingsAccess, SettingsAccessMode } from './organization-settings-access';

/**
 * Resolves `/api/organizations/{name}/...` to the organization, admitting its administrators only.
 * To a person who is not its administrator (outside it, or a plain member) it does not exist: 404,
 * as for an unknown name (docs/settings.md: a settings page of an organization one does not
 * administer shows Not found). Other refusals (a read-only token, a token the policy blocks, a
 * fine-grained token without the permission) stay 403: they concern an administrator's token.
 * An organization that requires two factors refuses an administrator who has none (403, saying
 * where to set one up), whatever the credential.
 */
@Injectable()
export class OrganizationAdminGate {
  constructor(private readonly directory: OrganizationDirectory) {}

  async admit(
    principal: Principal,
    orgName: string,
    mode: SettingsAccessMode,
  ): Promise<DirectoryOrganization> {
    const org = await this.directory.findOrganizationByName(orgName);
    if (!org) throw ApiError.notFound(`Organization ${orgName} not found`);
    const role = principal.user
      ? await this.directory.membershipRole(org.id, principal.user.id)
      : null;
    if (role !== 'admin' && (actsAsUser(principal) || isFineGrained(principal)))
      throw ApiError.notFound(`Organization ${orgName} not found`);
    const decision = organizationSettingsAccess(principal, role, mode, org.id);
    if (!decision.allow)
      throw new ApiError('forbidden', decision.reason, {
        detail: `${principal.kind} token ${principal.tokenId} on ${org.name}`,
      });
    // An administrator is a user: the role above was read for principal.user.
    const userId = principal.user?.id ?? '';
    const standing = await this.directory.twoFactorStanding(org.id, userId);
    if (standing.required && !standing.hasFactor)
      throw new ApiError('forbidden', twoFactorRequiredMessage(org.name), {
        detail: `${userId} has no second factor`,
      });
    return org;
  }
}
