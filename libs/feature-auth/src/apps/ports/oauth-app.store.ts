import type { OAuthAppRecord } from '@gatehouse/identity';

/** Port over the `oauth_apps` table for the settings API. */
export abstract class OAuthAppStore {
  /** Apps owned by the user or by one of the organizations, oldest first. */
  abstract listOwned(owners: { userId: string; orgIds: string[] }): Promise<OAuthAppRecord[]>;
  abstract findByClientId(clientId: string): Promise<OAuthAppRecord | null>;
  abstract insert(app: OAuthAppRecord): Promise<void>;
  abstract update(app: OAuthAppRecord): Promise<void>;
  /** Deletes the app, its remembered consents, and revokes every token issued to it. */
  abstract delete(app: OAuthAppRecord): Promise<void>;
}
