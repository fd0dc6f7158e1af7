import { ApiError } from '@gatehouse/domain';
import type { Principal } from '@gatehouse/identity';
import type { AdminActor } from './admin-audit';

/** The administrator of a request PlatformAdminGuard let through. */
export function actorOf(principal: Principal): AdminActor {
  if (!principal.user)
    throw ApiError.forbidden('Only platform administrators may use the admin API');
  return { id: principal.user.id, username: principal.user.username };
}
