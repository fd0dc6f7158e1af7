import { SIGN_IN_PATH } from '../pages/sign-in.page';

/** The sign-in page, returning to `returnTo` (a local path) once signed in. */
export function signInLocation(returnTo: string): string {
  return `${SIGN_IN_PATH}?return_to=${encodeURIComponent(returnTo)}`;
}
