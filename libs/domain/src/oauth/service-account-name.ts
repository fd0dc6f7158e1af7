const SEPARATOR = '+';

/**
 * A service account's username, `<organization>+<name>` (docs/settings-api.md "Service accounts"):
 * `+` is in no person's or organization's name (both are letters, digits, `.`, `_` and `-`), so
 * the two never collide and the username alone tells a service account apart.
 */
export function serviceAccountUsername(orgName: string, name: string): string {
  return `${orgName}${SEPARATOR}${name}`;
}

/** The name of the organization owning a service account's username; null for a person's. */
export function serviceAccountOrganization(username: string): string | null {
  const at = username.indexOf(SEPARATOR);
  return at > 0 ? username.slice(0, at) : null;
}

/** The name a service account was given, without its organization. */
export function serviceAccountName(username: string): string {
  return username.slice(username.indexOf(SEPARATOR) + 1);
}
