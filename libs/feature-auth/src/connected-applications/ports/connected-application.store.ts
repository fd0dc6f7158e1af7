import type { Transaction } from '@gatehouse/identity';

/** What a user granted one app: from their remembered consent, or from the newest live token. */
export interface ConnectedGrant {
  clientId: string;
  scopes: string[];
  orgIds: string[];
  /** When consent was last given (or the first live token was issued, for apps without consent). */
  grantedAt: Date;
  /** When the newest live token of the app for this user was issued; null with consent only. */
  lastTokenIssuedAt: Date | null;
}

/** The user's live credentials held by one app, as revoking them needs. */
export interface HeldCredentials {
  consent: boolean;
  refreshFamilyIds: string[];
  accessTokenIds: string[];
}

/** Port over the consents and live tokens that connect a user to apps. */
export abstract class ConnectedApplicationStore {
  abstract grantsOf(userId: string, now: Date): Promise<ConnectedGrant[]>;
  abstract credentialsHeld(userId: string, clientId: string, now: Date): Promise<HeldCredentials>;
  /** Deletes the remembered consent in the caller's transaction (the token revocations share it). */
  abstract forgetConsent(tx: Transaction, userId: string, clientId: string): Promise<void>;
}
