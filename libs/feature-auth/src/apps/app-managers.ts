import { Injectable } from '@nestjs/common';
import { ApiError } from '@gatehouse/domain';
import { AccountReader, actsAsUser, type OAuthAppRecord, Principal } from '@gatehouse/identity';
import type { OAuthAppView } from '@gatehouse/settings-api';

/** Who may manage which apps: the owning user, or an admin of the owning organization. */
export interface AppManager {
  userId: string;
  username: string;
  adminOrgs: Array<{ id: string; name: string }>;
}

@Injectable()
export class AppManagers {
  constructor(private readonly accounts: AccountReader) {}

  /**
   * The caller as an app manager. Apps are managed with a personal access token: an OAuth app's
   * token must not create or read other apps' credentials (there is no scope for it).
   */
  async of(principal: Principal): Promise<AppManager> {
    if (!actsAsUser(principal) || !principal.user) {
      throw ApiError.forbidden('Managing OAuth apps needs a personal access token');
    }
    const memberships = await this.accounts.membershipsOf(principal.user.id);
    return {
      userId: principal.user.id,
      username: principal.user.username,
      adminOrgs: memberships
        .filter((membership) => membership.role === 'admin')
        .map(({ organization }) => ({ id: organization.id, name: organization.name })),
    };
  }

  /** The app's owner as shown, or null when this manager may not see the app at all. */
  ownerFor(manager: AppManager, app: OAuthAppRecord): OAuthAppView['owner'] | null {
    if (app.ownerUserId !== null)
      return app.ownerUserId === manager.userId ? { type: 'user', name: manager.username } : null;
    const org = manager.adminOrgs.find((candidate) => candidate.id === app.ownerOrgId);
    return org ? { type: 'org', name: org.name } : null;
  }
}
