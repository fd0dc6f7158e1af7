import type { OAuthAppEntity } from '@gatehouse/persistence';

/** Port over the `oauth_apps` table for the settings API. */
export abstract class OAuthAppStore {
  /** Apps owned by the user or by one of the organizations, oldest first. */
  abstract listOwned(owners: { userId: string; orgIds: string[] }): Promise<OAuthAppEntity[]>;
  abstract findByClientId(clientId: string): Promise<OAuthAppEntity | null>;
  abstract insert(app: OAuthAppEntity): Promise<void>;
  abstract update(app: OAuthAppEntity): Promise<void>;
  /** Deletes the app, its remembered consents, and revokes every token issued to it. */
  abstract delete(app: OAuthAppEntity): Promise<void>;
}
