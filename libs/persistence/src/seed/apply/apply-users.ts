import { UserEntity } from '../../entities/accounts/user.entity';
import { SeedError } from '../seed.error';
import { SeedDocument } from '../seed-schema';
import { tally } from '../seed-report';
import { changedFields, isEmpty } from './changed-fields';
import { SeedContext } from './seed-context';

/** Upserts users by username (case-insensitive). A stored hash that verifies is kept. */
export async function applyUsers(ctx: SeedContext, users: SeedDocument['users']): Promise<void> {
  for (const [index, declared] of users.entries()) {
    const desired = {
      username: declared.username,
      email: declared.email,
      fullname: declared.fullname,
      isPro: declared.isPro,
      avatarUrl: declared.avatarUrl ?? null,
      platformAdmin: declared.platformAdmin,
    };
    const existing = await ctx.accounts.findUserByUsername(declared.username);
    const emailOwner = await ctx.accounts.findUserByEmail(declared.email);
    if (emailOwner && emailOwner.id !== existing?.id) {
      throw SeedError.at(
        `users[${index}].email`,
        `Already the e-mail address of user "${emailOwner.username}"`,
      );
    }
    if (!existing) {
      await ctx.manager.insert(UserEntity, {
        ...desired,
        id: ctx.deps.newId(),
        passwordHash: await ctx.deps.hashPassword(declared.password),
        createdAt: ctx.now,
      });
      tally(ctx.report.users, 'created');
      continue;
    }
    const changes: Partial<UserEntity> = changedFields(existing, desired);
    if (!(await ctx.deps.verifyPassword(declared.password, existing.passwordHash))) {
      changes.passwordHash = await ctx.deps.hashPassword(declared.password);
    }
    if (!isEmpty(changes)) await ctx.manager.update(UserEntity, { id: existing.id }, changes);
    tally(ctx.report.users, isEmpty(changes) ? 'unchanged' : 'updated');
  }
}
