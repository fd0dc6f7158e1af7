/** An account's authenticator-app secret, sealed (SecretBox, totpSecretContext). */
export interface TotpFactorRecord {
  userId: string;
  secretSealed: string;
  /** Null while the enrolment waits for its first code. */
  confirmedAt: Date | null;
  /** The time step of the last code accepted. */
  lastUsedStep: number | null;
}

/** What protects an account's sign-in beyond the password. */
export interface AccountFactors {
  totp: boolean;
  passkeys: number;
  recoveryCodesLeft: number;
}

/** A new recovery code to store: its id and the SHA-256 of its normalised form. */
export interface NewRecoveryCode {
  id: string;
  codeHash: string;
}
