import type { OAuthAppRecord } from './oauth-app-record';

/** Port over registered OAuth apps. */
export abstract class ClientLookup {
  abstract findByClientId(clientId: string): Promise<OAuthAppRecord | null>;
}
