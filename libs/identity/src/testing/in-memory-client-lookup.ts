import type { OAuthAppRecord } from '../clients/ports/oauth-app-record';
import { ClientLookup } from '../clients/ports/client-lookup';

/** Test double of ClientLookup, with a builder for apps. */
export class InMemoryClientLookup extends ClientLookup {
  readonly apps: OAuthAppRecord[] = [];

  addApp(fields: Partial<OAuthAppRecord> & Pick<OAuthAppRecord, 'clientId'>): OAuthAppRecord {
    const app: OAuthAppRecord = {
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

  async findByClientId(clientId: string): Promise<OAuthAppRecord | null> {
    return this.apps.find((app) => app.clientId === clientId) ?? null;
  }
}
