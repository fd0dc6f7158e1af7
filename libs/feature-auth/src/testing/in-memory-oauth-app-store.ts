import type { OAuthAppEntity } from '@gatehouse/persistence';
import { OAuthAppStore } from '../apps/ports/oauth-app-store';

/** Test double of OAuthAppStore. */
export class InMemoryOAuthAppStore extends OAuthAppStore {
  readonly apps: OAuthAppEntity[] = [];
  readonly deleted: string[] = [];

  async listOwned(owners: { userId: string; orgIds: string[] }): Promise<OAuthAppEntity[]> {
    return this.apps.filter((app) => app.ownerUserId === owners.userId || (app.ownerOrgId !== null && owners.orgIds.includes(app.ownerOrgId))).map((app) => ({ ...app }));
  }

  async findByClientId(clientId: string): Promise<OAuthAppEntity | null> {
    const app = this.apps.find((candidate) => candidate.clientId === clientId);
    return app ? { ...app } : null;
  }

  async insert(app: OAuthAppEntity): Promise<void> {
    this.apps.push({ ...app });
  }

  async update(app: OAuthAppEntity): Promise<void> {
    const index = this.apps.findIndex((candidate) => candidate.id === app.id);
    this.apps[index] = { ...app };
  }

  async delete(app: OAuthAppEntity): Promise<void> {
    this.apps.splice(this.apps.findIndex((candidate) => candidate.id === app.id), 1);
    this.deleted.push(app.clientId);
  }
}
