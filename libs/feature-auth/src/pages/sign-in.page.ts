import { ACCOUNT_PAGE_PATHS } from './account-page-paths';
import { html } from './html';
import { renderPage } from './page-layout';
import { passkeyBlock } from './passkey-block';

export const SIGN_IN_PATH = '/oauth/login';

export interface SignInPageView {
  csrfToken: string;
  /** Where to continue after signing in (a local path). */
  returnTo: string;
  /** What the user typed last time, kept on a failed attempt. */
  login?: string;
  /** Why the last attempt failed, shown as an alert. */
  error?: string;
  /** The app asked for a fresh sign-in although someone is signed in (`prompt=login`, `max_age`). */
  reauthenticate?: boolean;
  /** Sign-up is open (or by invitation, whose link leads to the form): a "Create account" link. */
  signUpLink?: boolean;
}

/**
 * The sign-in form: fields `Username or email` and `Password`, button `Sign in`, links
 * `Forgot password?` and, when sign-up is open, `Create account`.
 */
export function signInPage(view: SignInPageView): string {
  return renderPage(
    'Sign in',
    html`<h1>Sign in</h1>
${view.reauthenticate && html`<p class="muted" role="note">The app asks you to sign in again to continue.</p>`}
${view.error && html`<p class="alert" role="alert">${view.error}</p>`}
<form method="post" action="${SIGN_IN_PATH}">
<input type="hidden" name="csrf_token" value="${view.csrfToken}">
<input type="hidden" name="return_to" value="${view.returnTo}">
<label for="login">Username or email</label>
<input type="text" id="login" name="login" value="${view.login ?? ''}" autocomplete="username" autocapitalize="none" spellcheck="false" required autofocus>
<label for="password">Password</label>
<input type="password" id="password" name="password" autocomplete="current-password" required>
<button type="submit" class="primary wide">Sign in</button>
</form>
${passkeyBlock({ csrfToken: view.csrfToken, returnTo: view.returnTo, label: 'Sign in with a passkey' })}
<p class="links"><a href="${ACCOUNT_PAGE_PATHS.forgotPassword}">Forgot password?</a>${view.signUpLink && html`<a href="${ACCOUNT_PAGE_PATHS.signUp}">Create account</a>`}</p>`,
  );
}
