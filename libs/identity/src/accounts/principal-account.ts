import type { Principal, PrincipalAccount } from '../principal/principal';
import type { AccountReader } from './ports/account.reader';
import { orgMembershipOf, userAccountOf } from './account-mapping';

/**
 * The user and memberships read with the principal's credentials; loaded only for a principal
 * built without them (another service's fake, say). Null without a user, or when the user is gone.
 */
export async function principalAccount(
  principal: Principal,
  accounts: AccountReader,
): Promise<PrincipalAccount | null> {
  if (principal.account) return principal.account;
  if (!principal.user) return null;
  const user = await accounts.findUser(principal.user.id);
  if (!user) return null;
  const memberships = await accounts.membershipsOf(user.id);
  return { user: userAccountOf(user), memberships: memberships.map(orgMembershipOf) };
}
