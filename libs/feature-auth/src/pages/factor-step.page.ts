import { html } from './html';
import { renderPage } from './page-layout';
import { passkeyBlock } from './passkey-block';
import { SIGN_IN_PATH } from './sign-in.page';

export const FACTOR_STEP_PATH = '/oauth/login/factor';

export interface FactorStepPageView {
  csrfToken: string;
  /** The account has an authenticator app: the code field. */
  totp: boolean;
  /** The account has passkeys: the passkey button. */
  passkeys: boolean;
  /** Why the last code was refused, shown as an alert. */
  error?: string;
}

/**
 * The second step of a sign-in: field `Authentication code` (an authenticator app's code, or a
 * recovery code), button `Verify`, and a way back to the first step.
 */
export function factorStepPage(view: FactorStepPageView): string {
  return renderPage(
    'Two-factor authentication',
    html`<h1>Two-factor authentication</h1>
${view.error && html`<p class="alert" role="alert">${view.error}</p>`}
<form method="post" action="${FACTOR_STEP_PATH}">
<input type="hidden" name="csrf_token" value="${view.csrfToken}">
<label for="code">Authentication code</label>
<p class="muted" id="code-help">${view.totp ? 'The 6-digit code your authenticator app shows, or one of your recovery codes.' : 'One of your recovery codes.'}</p>
<input type="text" id="code" name="code" autocomplete="one-time-code" autocapitalize="none" spellcheck="false" aria-describedby="code-help" required autofocus>
<button type="submit" class="primary wide">Verify</button>
</form>
${view.passkeys && passkeyBlock({ csrfToken: view.csrfToken, returnTo: '', label: 'Use a passkey' })}
<p class="links"><a href="${SIGN_IN_PATH}">Sign in as someone else</a></p>`,
  );
}
