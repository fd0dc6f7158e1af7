import { MembershipEntity } from '../../entities/accounts/membership.entity';
import { OrganizationEntity } from '../../entities/accounts/organization.entity';
import { SeedDocument } from '../seed-schema';
import { tally } from '../seed-report';
import { changedFields, isEmpty } from './changed-fields';
import { SeedContext } from './seed-context';

/**
 * Upserts organizations by name (case-insensitive) and their declared memberships. Members the
 * seed does not list are left alone: a seed adds and corrects, it never removes.
 */
export async function applyOrganizations(
  ctx: SeedContext,
  organizations: SeedDocument['organizations'],
): Promise<void> {
  for (const [index, declared] of organizations.entries()) {
    const desired = { name: declared.name, fullname: declared.fullname, plan: declared.plan };
    let organization = await ctx.accounts.findOrgByName(declared.name);
    if (!organization) {
      organization = ctx.manager.create(OrganizationEntity, {
        ...desired,
        id: ctx.deps.newId(),
        createdAt: ctx.now,
      });
      await ctx.manager.insert(OrganizationEntity, organization);
      tally(ctx.report.organizations, 'created');
    } else {
      const changes = changedFields(organization, desired);
      if (!isEmpty(changes))
        await ctx.manager.update(OrganizationEntity, { id: organization.id }, changes);
      tally(ctx.report.organizations, isEmpty(changes) ? 'unchanged' : 'updated');
    }

    for (const [memberIndex, member] of declared.members.entries()) {
      const user = await ctx.requireUser(
        member.username,
        `organizations[${index}].members[${memberIndex}].username`,
      );
      const key = { orgId: organization.id, userId: user.id };
      const membership = await ctx.manager.findOneBy(MembershipEntity, key);
      if (!membership) {
        await ctx.manager.insert(MembershipEntity, { ...key, role: member.role });
        tally(ctx.report.memberships, 'created');
      } else if (membership.role !== member.role) {
        await ctx.manager.update(MembershipEntity, key, { role: member.role });
        tally(ctx.report.memberships, 'updated');
      } else {
        tally(ctx.report.memberships, 'unchanged');
      }
    }
  }
}
