/** A key to store: the private JWK already sealed with SecretBox. */
export interface NewSigningKey {
  kid: string;
  alg: string;
  publicJwk: Record<string, unknown>;
  privateJwkEncrypted: string;
}

/** A stored key. `previous` still verifies tokens it signed; `retired` is kept but no longer published. */
export interface SigningKeyRecord extends NewSigningKey {
  status: 'current' | 'previous' | 'retired';
  createdAt: Date;
  rotatedAt: Date | null;
}

/** Port over the `signing_keys` table. At most one key is `current` (a partial unique index). */
export abstract class SigningKeyStore {
  /** The `current` key then the `previous` one, when they exist. */
  abstract published(): Promise<SigningKeyRecord[]>;
  /**
   * Stores `key` as `current` only if no key is current yet; false when another writer (a second
   * replica generating its first key at the same moment) got there first.
   */
  abstract insertFirstCurrent(key: NewSigningKey, at: Date): Promise<boolean>;
  /** In one transaction: `previous` becomes `retired`, `current` becomes `previous`, `key` becomes `current`. */
  abstract rotateTo(key: NewSigningKey, at: Date): Promise<{ previous: string | null }>;
}
