import type { OAuthAppRecord } from './oauth-app-record';

/** Port over registered OAuth apps. */
export abstract class ClientLookup {
  abstract findByClientId(clientId: string): Promise<OAuthAppRecord | null>;

  /**
   * The app of `clientId` was created, changed or deleted: an implementation that remembers apps
   * (CachedClientLookup) reads it again on the next lookup.
   */
  forget(_clientId: string): void {}
}
