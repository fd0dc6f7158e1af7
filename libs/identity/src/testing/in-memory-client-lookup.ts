import type { OAuthAppRecord } from '../clients/ports/oauth-app-record';
import { ClientLookup } from '../clients/ports/client-lookup';
import { anOAuthAppRecord } from './oauth-app-builders';

/** Test double of ClientLookup; `addApp` registers an `anOAuthAppRecord`. */
export class InMemoryClientLookup extends ClientLookup {
  readonly apps: OAuthAppRecord[] = [];

  addApp(fields: Partial<OAuthAppRecord> & Pick<OAuthAppRecord, 'clientId'>): OAuthAppRecord {
    const app = anOAuthAppRecord({
      id: `app${String(this.apps.length + 1).padStart(21, '0')}`,
      ...fields,
    });
    this.apps.push(app);
    return app;
  }

  async findByClientId(clientId: string): Promise<OAuthAppRecord | null> {
    return this.apps.find((app) => app.clientId === clientId) ?? null;
  }
}
