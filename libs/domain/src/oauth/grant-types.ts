/**
 * The `grant_type` values of `POST /oauth/token` (RFC 6749 §4.1.3, §6; RFC 8628 §3.4; RFC 8693
 * §2.1), in the order discovery lists them. A grant handler names one of these; discovery's
 * `grant_types_supported` lists the handlers a service registered, not this table.
 */
export const AUTHORIZATION_CODE_GRANT_TYPE = 'authorization_code';
export const REFRESH_TOKEN_GRANT_TYPE = 'refresh_token';
export const DEVICE_CODE_GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:device_code';
export const TOKEN_EXCHANGE_GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:token-exchange';

export const GRANT_TYPES = [
  AUTHORIZATION_CODE_GRANT_TYPE,
  REFRESH_TOKEN_GRANT_TYPE,
  DEVICE_CODE_GRANT_TYPE,
  TOKEN_EXCHANGE_GRANT_TYPE,
] as const;

/** Grant types in the order above, any other after them in the order given. */
export function inDiscoveryOrder(grantTypes: Iterable<string>): string[] {
  const rank = (grantType: string) => {
    const index = (GRANT_TYPES as readonly string[]).indexOf(grantType);
    return index === -1 ? GRANT_TYPES.length : index;
  };
  return [...new Set(grantTypes)]
    .map((grantType, given) => ({ grantType, given }))
    .sort((a, b) => rank(a.grantType) - rank(b.grantType) || a.given - b.given)
    .map(({ grantType }) => grantType);
}
