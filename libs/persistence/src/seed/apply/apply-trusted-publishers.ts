import { TrustedPublisherEntity } from '../../entities/token-exchange/trusted-publisher.entity';
import { SeedDocument } from '../seed-schema';
import { tally } from '../seed-report';
import { changedFields, isEmpty } from './changed-fields';
import { SeedContext } from './seed-context';

/** Upserts trusted publishers by issuer and repository. */
export async function applyTrustedPublishers(
  ctx: SeedContext,
  publishers: SeedDocument['trustedPublishers'],
): Promise<void> {
  for (const declared of publishers) {
    const key = {
      issuer: declared.issuer,
      repoType: declared.repository.type,
      repoName: declared.repository.name,
    };
    const desired = {
      jwksUri: declared.jwksUri,
      audience: declared.audience,
      conditions: declared.conditions,
    };
    const existing = await ctx.manager.findOneBy(TrustedPublisherEntity, key);
    if (!existing) {
      await ctx.manager.insert(TrustedPublisherEntity, {
        ...key,
        ...desired,
        id: ctx.deps.newId(),
        createdAt: ctx.now,
      });
      tally(ctx.report.trustedPublishers, 'created');
      continue;
    }
    const changes = changedFields(existing, desired);
    if (!isEmpty(changes))
      await ctx.manager.update(TrustedPublisherEntity, { id: existing.id }, changes);
    tally(ctx.report.trustedPublishers, isEmpty(changes) ? 'unchanged' : 'updated');
  }
}
