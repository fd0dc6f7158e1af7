import { SIGN_IN_PATH } from '../pages/sign-in.page';

/**
 * The sign-in page, returning to `returnTo` (a local path) once signed in. `reauthenticate`: show
 * the form even to someone signed in (the app asked for a fresh sign-in).
 */
export function signInLocation(
  returnTo: string,
  options: { reauthenticate?: boolean } = {},
): string {
  return `${SIGN_IN_PATH}?return_to=${encodeURIComponent(returnTo)}${options.reauthenticate ? '&prompt=login' : ''}`;
}
