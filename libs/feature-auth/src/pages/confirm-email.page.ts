import { ACCOUNT_PAGE_PATHS } from './account-page-paths';
import { html } from './html';
import { renderPage } from './page-layout';

export interface ConfirmEmailPageView {
  csrfToken: string;
  token: string;
}

/**
 * A button that confirms: opening the link changes nothing, so a mail scanner that follows links
 * cannot confirm an address for its owner.
 */
export function confirmEmailPage(view: ConfirmEmailPageView): string {
  return renderPage(
    'Confirm your e-mail address',
    html`<h1>Confirm your e-mail address</h1>
<form method="post" action="${ACCOUNT_PAGE_PATHS.confirmEmail}">
<input type="hidden" name="csrf_token" value="${view.csrfToken}">
<input type="hidden" name="token" value="${view.token}">
<button type="submit" class="primary wide">Confirm my address</button>
</form>`,
  );
}

/**
 * What the consent and device pages show instead of asking, while the account's address is not
 * confirmed: why, and a button that mails a new link (`POST /oauth/confirm-email/resend`).
 */
export function unconfirmedEmailPage(view: { csrfToken: string }): string {
  return renderPage(
    'Confirm your e-mail address first',
    html`<h1>Confirm your e-mail address first</h1>
<p class="alert" role="alert">Apps cannot be authorized until you confirm your e-mail address. Follow the link in the message we sent you, then try again.</p>
<form method="post" action="${ACCOUNT_PAGE_PATHS.resendConfirmation}">
<input type="hidden" name="csrf_token" value="${view.csrfToken}">
<button type="submit" class="wide">Send a new confirmation link</button>
</form>`,
  );
}
