import { ACCOUNT_PAGE_PATHS } from './account-page-paths';
import { html } from './html';
import { renderPage } from './page-layout';

export interface ResetPasswordPageView {
  csrfToken: string;
  /** The reset link's secret, posted back with the new password. */
  token: string;
  error?: string;
}

/** Field `New password`, button `Set new password`. */
export function resetPasswordPage(view: ResetPasswordPageView): string {
  return renderPage(
    'Choose a new password',
    html`<h1>Choose a new password</h1>
${view.error && html`<p class="alert" role="alert">${view.error}</p>`}
<p class="muted">Every browser and app signed in to your account will be signed out.</p>
<form method="post" action="${ACCOUNT_PAGE_PATHS.resetPassword}">
<input type="hidden" name="csrf_token" value="${view.csrfToken}">
<input type="hidden" name="token" value="${view.token}">
<label for="password">New password</label>
<input type="password" id="password" name="password" autocomplete="new-password" minlength="8" required autofocus aria-describedby="password-hint">
<p class="hint" id="password-hint">At least 8 characters, not a common password.</p>
<button type="submit" class="primary wide">Set new password</button>
</form>`,
  );
}
