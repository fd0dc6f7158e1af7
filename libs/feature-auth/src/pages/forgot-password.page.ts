import { ACCOUNT_PAGE_PATHS } from './account-page-paths';
import { html } from './html';
import { renderPage } from './page-layout';
import { SIGN_IN_PATH } from './sign-in.page';

export interface ForgotPasswordPageView {
  csrfToken: string;
  email?: string;
  error?: string;
}

/** Asks for the account's address: field `Email`, button `Send reset link`. */
export function forgotPasswordPage(view: ForgotPasswordPageView): string {
  return renderPage(
    'Forgot password',
    html`<h1>Forgot your password?</h1>
${view.error && html`<p class="alert" role="alert">${view.error}</p>`}
<p class="muted">Enter the e-mail address of your account. We send it a link to choose a new password.</p>
<form method="post" action="${ACCOUNT_PAGE_PATHS.forgotPassword}">
<input type="hidden" name="csrf_token" value="${view.csrfToken}">
<label for="email">Email</label>
<input type="email" id="email" name="email" value="${view.email ?? ''}" autocomplete="email" required autofocus>
<button type="submit" class="primary wide">Send reset link</button>
</form>
<p class="links"><a href="${SIGN_IN_PATH}">Back to sign in</a></p>`,
  );
}
