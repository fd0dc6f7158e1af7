import type { PersonalTokenRecord } from '@gatehouse/identity';

/** An organization's service account: a `users` row of kind `service_account` and its membership. */
export interface ServiceAccountRecord {
  id: string;
  orgId: string;
  /** `<organization>+<name>`: what whoami-v2 answers as `name`. */
  username: string;
  /** What the administrators call it (the user's `fullname`). */
  displayName: string;
  createdAt: Date;
}

/** A service account's token: a fine-grained personal token of the account's user. */
export type ServiceAccountTokenRecord = PersonalTokenRecord;

/** What a rotation changes on a token: its value and the facts tied to it. */
export type ServiceAccountTokenRotation = Pick<
  ServiceAccountTokenRecord,
  | 'tokenHash'
  | 'preview'
  | 'createdAt'
  | 'expiresAt'
  | 'lastUsedAt'
  | 'lastUsedAddress'
  | 'lastUsedClient'
>;

/** The organization's approval a service account's token is written with: the creating administrator's. */
export interface ServiceAccountTokenApproval {
  orgId: string;
  approvedBy: string | null;
  at: Date;
}
