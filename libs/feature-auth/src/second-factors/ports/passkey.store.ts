import type { Transaction } from '@gatehouse/identity';

/** A stored WebAuthn credential. */
export interface PasskeyRecord {
  id: string;
  userId: string;
  /** The credential id, base64url. */
  credentialId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  signCount: number;
  transports: string[];
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export type NewPasskey = Omit<PasskeyRecord, 'createdAt' | 'lastUsedAt'>;

/** Port over the passkeys of accounts. */
export abstract class PasskeyStore {
  abstract listOf(userId: string): Promise<PasskeyRecord[]>;
  abstract findByCredentialId(credentialId: string): Promise<PasskeyRecord | null>;
  /** False when the credential is registered already (to this or another account). */
  abstract add(passkey: NewPasskey): Promise<boolean>;
  /** Null when the user has no such passkey. */
  abstract rename(userId: string, id: string, name: string): Promise<PasskeyRecord | null>;
  abstract remove(userId: string, id: string): Promise<boolean>;
  /**
   * Records a sign-in with the counter the authenticator sent; false when another sign-in moved
   * the counter past it meanwhile (the same assertion twice, or a cloned authenticator).
   */
  abstract used(id: string, previousCount: number, newCount: number, at: Date): Promise<boolean>;
  abstract removeAll(tx: Transaction, userId: string): Promise<number>;
}
