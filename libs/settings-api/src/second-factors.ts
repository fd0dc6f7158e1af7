/** A passkey of the signed-in person, as listed under their second factors. */
export interface PasskeyView {
  id: string;
  name: string;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601, or null before its first sign-in. */
  lastUsedAt: string | null;
}

/**
 * `POST /api/settings/account/second-factors/passkeys`: the passkey added, with the ten recovery
 * codes (shown once) when it is the account's first factor; null otherwise.
 */
export interface PasskeyRegistration extends PasskeyView {
  recoveryCodes: string[] | null;
}

/** `GET /api/settings/account/second-factors`: what protects the sign-in beyond the password. */
export interface SecondFactorsView {
  /** An authenticator app (TOTP) is set up and confirmed. */
  totp: boolean;
  /** Unused recovery codes left. */
  recoveryCodesLeft: number;
  passkeys: PasskeyView[];
}

/** `POST /api/settings/account/second-factors/totp`: a new secret, active once a first code confirms it. */
export interface TotpEnrolment {
  /** The secret in base32, to type into an app that cannot scan. */
  secret: string;
  /** The `otpauth://totp/…` URI the QR code holds. */
  uri: string;
  /** The QR code as an SVG `data:` URL. */
  qrCode: string;
}

/** `POST …/totp/confirm` and `POST …/recovery-codes`: the new recovery codes, shown once. */
export interface RecoveryCodesView {
  recoveryCodes: string[];
}
