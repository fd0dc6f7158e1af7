/**
 * Injection token of the bearer secrets `/internal/*` accepts: `GATEHOUSE_INTERNAL_TOKEN`, and
 * during a rotation `GATEHOUSE_INTERNAL_TOKEN_ACCEPTED` (docs/operations.md "Rotating keys and
 * secrets"). Empty when the app has none: then every internal call is refused.
 */
export const ACCEPTED_INTERNAL_TOKENS = Symbol('gatehouse.acceptedInternalTokens');

/** Path prefix of the routes only other Gatehouse services may call. */
export const INTERNAL_PATH_PREFIX = '/internal';
