export { deviceNameOf } from './device-name';
export {
  type AccountRuleViolation,
  emailViolation,
  normalizedEmail,
  passwordViolation,
  usernameViolation,
} from './account-rules';
export {
  acceptedTotpStep,
  looksLikeTotpCode,
  normalizedRecoveryCode,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_RANDOM_BYTES,
  recoveryCodeOf,
  SECOND_FACTOR_SETUP_PATH,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW,
  totpSecretContext,
  twoFactorRequiredMessage,
} from './second-factor-rules';
