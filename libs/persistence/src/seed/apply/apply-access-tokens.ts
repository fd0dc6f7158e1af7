import { PersonalAccessTokenEntity } from '../../entities/oauth/personal-access-token.entity';
import { SeedError } from '../seed.error';
import { SeedDocument } from '../seed-schema';
import { tally } from '../seed-report';
import { changedFields, isEmpty } from './changed-fields';
import { SeedContext } from './seed-context';

/**
 * Upserts personal access tokens by the hash of their clear value. A token never changes hands:
 * one already stored for another user is an error. A revoked token stays revoked.
 */
export async function applyAccessTokens(
  ctx: SeedContext,
  tokens: SeedDocument['accessTokens'],
): Promise<void> {
  for (const [index, declared] of tokens.entries()) {
    const user = await ctx.requireUser(declared.user, `accessTokens[${index}].user`);
    const tokenHash = ctx.deps.hashToken(declared.token);
    const desired = { name: declared.name, role: declared.role };
    const existing = await ctx.manager.findOneBy(PersonalAccessTokenEntity, { tokenHash });
    if (!existing) {
      await ctx.manager.insert(PersonalAccessTokenEntity, {
        ...desired,
        id: ctx.deps.newId(),
        tokenHash,
        userId: user.id,
        createdAt: ctx.now,
      });
      tally(ctx.report.accessTokens, 'created');
      continue;
    }
    if (existing.userId !== user.id) {
      throw SeedError.at(
        `accessTokens[${index}].token`,
        'This token is already stored for another user',
      );
    }
    const changes = changedFields(existing, desired);
    if (!isEmpty(changes))
      await ctx.manager.update(PersonalAccessTokenEntity, { id: existing.id }, changes);
    tally(ctx.report.accessTokens, isEmpty(changes) ? 'unchanged' : 'updated');
  }
}
