import type { OAuthAppEntity } from '@gatehouse/persistence';

/** Port over registered OAuth apps. */
export abstract class ClientLookup {
  abstract findByClientId(clientId: string): Promise<OAuthAppEntity | null>;
}
