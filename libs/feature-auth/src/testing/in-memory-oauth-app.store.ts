import type { OAuthAppRecord } from '@gatehouse/identity';
import { OAuthAppStore } from '../apps/ports/oauth-app.store';

/** Test double of OAuthAppStore. */
export class InMemoryOAuthAppStore extends OAuthAppStore {
  readonly apps: OAuthAppRecord[] = [];
  readonly deleted: string[] = [];

  async listOwned(owners: { userId: string; orgIds: string[] }): Promise<OAuthAppRecord[]> {
    return this.apps
      .filter(
        (app) =>
          app.ownerUserId === owners.userId ||
          (app.ownerOrgId !== null && owners.orgIds.includes(app.ownerOrgId)),
      )
      .map((app) => ({ ...app }));
  }

  async findByClientId(clientId: string): Promise<OAuthAppRecord | null> {
    const app = this.apps.find((candidate) => candidate.clientId === clientId);
    return app ? { ...app } : null;
  }

  async insert(app: OAuthAppRecord): Promise<void> {
    this.apps.push({ ...app });
  }

  async update(app: OAuthAppRecord): Promise<void> {
    const index = this.apps.findIndex((candidate) => candidate.id === app.id);
    this.apps[index] = { ...app };
  }

  async delete(app: OAuthAppRecord): Promise<void> {
    this.apps.splice(
      this.apps.findIndex((candidate) => candidate.id === app.id),
      1,
    );
    this.deleted.push(app.clientId);
  }
}
