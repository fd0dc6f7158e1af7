/**
 * Injection token of the shared bearer secret for service-to-service calls
 * (`GATEHOUSE_INTERNAL_TOKEN`), or `null` when the app has none: then every internal call is refused.
 */
export const INTERNAL_TOKEN = Symbol('gatehouse.internalToken');

/** Path prefix of the routes only other Gatehouse services may call. */
export const INTERNAL_PATH_PREFIX = '/internal';
