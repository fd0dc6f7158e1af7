import { COMMON_PASSWORDS } from './common-passwords';

/** Why a username, an e-mail address or a new password was refused; the message is shown as is. */
export interface AccountRuleViolation {
  field: 'username' | 'email' | 'password';
  message: string;
}

const USERNAME_MIN_LENGTH = 2;
const USERNAME_MAX_LENGTH = 42;
const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 256;
const EMAIL_MAX_LENGTH = 254;

/**
 * Names a person cannot take: the site's own paths and words that would pass for the platform
 * speaking (a username is a namespace in URLs, `<public_url>/<username>`).
 */
const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  'admin',
  'administrator',
  'api',
  'assets',
  'auth',
  'billing',
  'blog',
  'datasets',
  'dev',
  'docs',
  'enterprise',
  'gatehouse',
  'help',
  'hub',
  'huggingface',
  'internal',
  'join',
  'jobs',
  'login',
  'logout',
  'me',
  'models',
  'new',
  'notifications',
  'oauth',
  'organizations',
  'platform',
  'pricing',
  'privacy',
  'root',
  'search',
  'security',
  'settings',
  'signup',
  'spaces',
  'static',
  'status',
  'support',
  'system',
  'terms',
  'user',
  'users',
  'well-known',
  'whoami',
]);

/**
 * The Hub's username shape: letters, digits, `-`, `_` and `.`, starting and ending with a letter or
 * digit, no two punctuation marks in a row (so no `..` in a path), 2 to 42 characters, and none of
 * the reserved names in any case. A service account's `+` can never be typed here.
 */
export function usernameViolation(username: string): AccountRuleViolation | null {
  const fail = (message: string): AccountRuleViolation => ({ field: 'username', message });
  if (username.length < USERNAME_MIN_LENGTH || username.length > USERNAME_MAX_LENGTH)
    return fail(
      `Username must be ${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} characters long.`,
    );
  if (!/^[A-Za-z0-9](?:[A-Za-z0-9]|[-_.](?=[A-Za-z0-9]))*$/.test(username))
    return fail('Username may contain letters, digits, and single "-", "_" or "." between them.');
  if (/^\d+$/.test(username)) return fail('Username must contain a letter.');
  if (RESERVED_USERNAMES.has(username.toLowerCase())) return fail('This username is reserved.');
  return null;
}

/** One address on one line, with a dot in its domain: enough to send to; the link proves the rest. */
export function emailViolation(email: string): AccountRuleViolation | null {
  if (
    email.length > EMAIL_MAX_LENGTH ||
    !/^[^\s@<>()",;:\\]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/.test(
      email,
    )
  )
    return { field: 'email', message: 'Enter a valid e-mail address.' };
  return null;
}

/**
 * A new password: long enough, not absurdly long (scrypt hashes it on every sign-in), not one of
 * the passwords every guessing list starts with, and not the username or e-mail itself.
 */
export function passwordViolation(
  password: string,
  account: { username?: string; email?: string } = {},
): AccountRuleViolation | null {
  const fail = (message: string): AccountRuleViolation => ({ field: 'password', message });
  if (password.length < PASSWORD_MIN_LENGTH)
    return fail(`Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`);
  if (password.length > PASSWORD_MAX_LENGTH)
    return fail(`Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`);
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower))
    return fail('This password is one of the most common ones; choose another.');
  const own = [account.username, account.email, account.email?.split('@')[0]];
  if (own.some((value) => value !== undefined && value.toLowerCase() === lower))
    return fail('Password must not be your username or e-mail address.');
  return null;
}

/** How an address is compared for "one account per e-mail": case-insensitively, trimmed. */
export function normalizedEmail(email: string): string {
  return email.trim().toLowerCase();
}
