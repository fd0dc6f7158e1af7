import { ACCOUNT_PAGE_PATHS } from './account-page-paths';
import { html } from './html';
import { renderPage } from './page-layout';
import { SIGN_IN_PATH } from './sign-in.page';

export interface SignUpPageView {
  csrfToken: string;
  /** The invitation's secret when sign-up is by invitation. */
  invitation: string | null;
  username?: string;
  email?: string;
  error?: string;
}

/** The sign-up form: `Username`, `Email`, `Password`, button `Create account`. */
export function signUpPage(view: SignUpPageView): string {
  return renderPage(
    'Create account',
    html`<h1>Create account</h1>
${view.error && html`<p class="alert" role="alert">${view.error}</p>`}
<form method="post" action="${ACCOUNT_PAGE_PATHS.signUp}">
<input type="hidden" name="csrf_token" value="${view.csrfToken}">
${view.invitation !== null && html`<input type="hidden" name="invitation" value="${view.invitation}">`}
<label for="username">Username</label>
<input type="text" id="username" name="username" value="${view.username ?? ''}" autocomplete="username" autocapitalize="none" spellcheck="false" minlength="2" maxlength="42" required autofocus aria-describedby="username-hint">
<p class="hint" id="username-hint">2 to 42 letters, digits, and "-", "_" or "." between them.</p>
<label for="email">Email</label>
<input type="email" id="email" name="email" value="${view.email ?? ''}" autocomplete="email" required>
<label for="password">Password</label>
<input type="password" id="password" name="password" autocomplete="new-password" minlength="8" required aria-describedby="password-hint">
<p class="hint" id="password-hint">At least 8 characters, not a common password.</p>
<button type="submit" class="primary wide">Create account</button>
</form>
<p class="links"><span>Already have an account? <a href="${SIGN_IN_PATH}">Sign in</a></span></p>`,
  );
}
