import type { OAuthAppEntity } from '@gatehouse/persistence';
import { ClientLookup } from '../clients/ports/client-lookup';

/** Test double of ClientLookup, with a builder for apps. */
export class InMemoryClientLookup extends ClientLookup {
  readonly apps: OAuthAppEntity[] = [];

  addApp(fields: Partial<OAuthAppEntity> & Pick<OAuthAppEntity, 'clientId'>): OAuthAppEntity {
    const app: OAuthAppEntity = {
      id: `app${String(this.apps.length + 1).padStart(21, '0')}`,
      name: 'Test app',
      ownerUserId: null,
      ownerOrgId: null,
      clientSecretHash: null,
      redirectUris: [],
      scopes: [],
      logoUri: null,
      homepageUrl: null,
      accessTokenTtlSeconds: 28_800,
      tokenExchange: false,
      boundOrgId: null,
      tokenExchangeTtlSeconds: null,
      createdAt: new Date(Date.UTC(2025, 0, 1)),
      updatedAt: new Date(Date.UTC(2025, 0, 1)),
      ...fields,
    };
    this.apps.push(app);
    return app;
  }

  async findByClientId(clientId: string): Promise<OAuthAppEntity | null> {
    return this.apps.find((app) => app.clientId === clientId) ?? null;
  }
}
