import type { Transaction } from '@gatehouse/identity';

/** What happened to an account's security (docs/security.md "Security notices"). */
export type SecurityEventKind =
  | 'new_browser_sign_in'
  | 'password_changed'
  | 'email_changed'
  | 'factor_added'
  | 'factor_removed'
  | 'token_revoked_as_leaked'
  | 'token_revoked_by_organization';

export interface SecurityEventRecord {
  id: string;
  userId: string;
  kind: SecurityEventKind;
  /** Plain words for its owner: the device and address of a sign-in, the factor's name, the token's. */
  details: Record<string, string>;
  createdAt: Date;
}

/** The security events of each account, written in the transaction of what they tell about. */
export abstract class SecurityEventStore {
  /** Whether it was added: false when an event of that id exists already (told once). */
  abstract add(tx: Transaction, event: SecurityEventRecord): Promise<boolean>;
  /** The user's latest events, newest first. */
  abstract latestOf(userId: string, limit: number): Promise<SecurityEventRecord[]>;
}
