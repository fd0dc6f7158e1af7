export { deviceNameOf } from './device-name';
export {
  type AccountRuleViolation,
  emailViolation,
  normalizedEmail,
  passwordViolation,
  usernameViolation,
} from './account-rules';
