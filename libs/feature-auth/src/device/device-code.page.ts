import { html } from '../pages/html';
import { renderPage } from '../pages/page-layout';

/** Where the code form posts (the page itself is `GET /oauth/device`). */
const DEVICE_VERIFY_PATH = '/oauth/device/verify';

export interface DeviceCodePageView {
  csrfToken: string;
  username: string;
  /** Prefilled from `?user_code=` (verification_uri_complete) or kept after a failed attempt. */
  userCode: string;
  /** Why the last attempt failed, shown as an alert. */
  error?: string;
}

/**
 * The verification page (RFC 8628 §3.3): the user types the code their device shows. A code in
 * the link is only prefilled, never submitted by itself: the user confirms it (§3.3.1).
 */
export function deviceCodePage(view: DeviceCodePageView): string {
  return renderPage(
    'Connect a device',
    html`<div class="who"><span class="muted">Signed in as <strong>${view.username}</strong></span></div>
<h1>Connect a device</h1>
${view.error && html`<p class="alert" role="alert">${view.error}</p>`}
<p>Enter the code shown on your device.</p>
<form method="post" action="${DEVICE_VERIFY_PATH}">
<input type="hidden" name="csrf_token" value="${view.csrfToken}">
<label for="user_code">Code</label>
<input type="text" id="user_code" name="user_code" value="${view.userCode}" placeholder="XXXX-XXXX" maxlength="32" autocomplete="off" autocapitalize="characters" spellcheck="false" required autofocus>
<button type="submit" class="primary wide">Continue</button>
</form>`,
  );
}
