/**
 * The token of `Authorization: Bearer <token>` (RFC 6750 §2.1), or null when the header is absent,
 * uses another scheme or carries anything but one token. The scheme is case-insensitive.
 */
export function bearerTokenOf(authorization: string | null | undefined): string | null {
  if (typeof authorization !== 'string') return null;
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(authorization);
  return match ? match[1]! : null;
}
