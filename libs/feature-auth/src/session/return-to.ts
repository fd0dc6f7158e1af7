/** Where the sign-in page goes when it was opened directly. */
export const DEFAULT_RETURN_TO = '/oauth/login';

/**
 * The `return_to` of the sign-in form, kept only when it is a path on this server: never an
 * absolute or scheme-relative URL (`//evil.example`, `/\evil.example`), so sign-in is no open
 * redirector.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 4096)
    return DEFAULT_RETURN_TO;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return DEFAULT_RETURN_TO;
  if (
    [...value].some((character) => character <= ' ' || character === '\x7f' || character === '\\')
  )
    return DEFAULT_RETURN_TO;
  return value;
}
