import { randomUUID } from 'node:crypto';
import { OAuthAppEntity } from '../../entities/oauth/oauth-app.entity';
import { SeedError } from '../seed.error';
import { SeedDocument } from '../seed-schema';
import { tally } from '../seed-report';
import { changedFields, isEmpty } from './changed-fields';
import { SeedContext } from './seed-context';

type DeclaredApp = SeedDocument['apps'][number];

/**
 * Upserts OAuth apps by client id, or, when the seed gives none, by owner and name (a new one
 * then gets a generated client id). An absent `clientSecret` makes the app public.
 */
export async function applyApps(ctx: SeedContext, apps: SeedDocument['apps']): Promise<void> {
  for (const [index, declared] of apps.entries()) {
    const owner = await resolveOwner(ctx, declared.owner, `apps[${index}].owner`);
    const boundOrg = declared.tokenExchange
      ? await ctx.requireOrganization(
          declared.tokenExchange.organization,
          `apps[${index}].tokenExchange.organization`,
        )
      : null;
    const desired = {
      name: declared.name,
      ...owner,
      clientSecretHash:
        declared.clientSecret === undefined ? null : ctx.deps.hashToken(declared.clientSecret),
      redirectUris: declared.redirectUris,
      scopes: declared.scopes,
      tokenExchange: boundOrg !== null,
      boundOrgId: boundOrg?.id ?? null,
      tokenExchangeTtlSeconds: declared.tokenExchange?.tokenDurationSeconds ?? null,
    };

    const existing = await findExisting(ctx, declared, owner);
    if (!existing) {
      const clientId = declared.clientId ?? (ctx.deps.newClientId ?? randomUUID)();
      await ctx.manager.insert(OAuthAppEntity, {
        ...desired,
        id: ctx.deps.newId(),
        clientId,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      });
      if (!declared.clientId)
        ctx.report.generatedClientIds.push({ app: declared.name, owner: declared.owner, clientId });
      tally(ctx.report.apps, 'created');
      continue;
    }
    const changes = changedFields(existing, desired);
    if (!isEmpty(changes))
      await ctx.manager.update(
        OAuthAppEntity,
        { id: existing.id },
        { ...changes, updatedAt: ctx.now },
      );
    tally(ctx.report.apps, isEmpty(changes) ? 'unchanged' : 'updated');
  }
}

type Owner = { ownerUserId: string | null; ownerOrgId: string | null };

async function resolveOwner(ctx: SeedContext, name: string, path: string): Promise<Owner> {
  const [user, organization] = [
    await ctx.accounts.findUserByUsername(name),
    await ctx.accounts.findOrgByName(name),
  ];
  if (user && organization)
    throw SeedError.at(path, `"${name}" names both a user and an organization`);
  if (user) return { ownerUserId: user.id, ownerOrgId: null };
  if (organization) return { ownerUserId: null, ownerOrgId: organization.id };
  throw SeedError.at(path, `No user or organization "${name}" in the seed or the database`);
}

function findExisting(
  ctx: SeedContext,
  declared: DeclaredApp,
  owner: Owner,
): Promise<OAuthAppEntity | null> {
  if (declared.clientId)
    return ctx.manager.findOneBy(OAuthAppEntity, { clientId: declared.clientId });
  return ctx.manager.findOne(OAuthAppEntity, {
    where: owner.ownerUserId
      ? { ownerUserId: owner.ownerUserId, name: declared.name }
      : { ownerOrgId: owner.ownerOrgId as string, name: declared.name },
    order: { createdAt: 'ASC', id: 'ASC' },
  });
}
