export {
  type AccountRuleViolation,
  emailViolation,
  normalizedEmail,
  passwordViolation,
  usernameViolation,
} from './account-rules';
