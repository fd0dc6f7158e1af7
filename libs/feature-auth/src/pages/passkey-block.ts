import { html, type SafeHtml } from './html';
import { PASSKEY_SCRIPT_PATH } from './passkey-script';

const PASSKEY_OPTIONS_PATH = '/oauth/login/passkey/options';
const PASSKEY_SIGN_IN_PATH = '/oauth/login/passkey';

/** The passkey button of the sign-in pages, shown by PASSKEY_SCRIPT in a browser with WebAuthn. */
export function passkeyBlock(view: {
  csrfToken: string;
  returnTo: string;
  label: string;
}): SafeHtml {
  return html`<div id="passkey" class="passkey" hidden data-csrf="${view.csrfToken}" data-return-to="${view.returnTo}" data-options="${PASSKEY_OPTIONS_PATH}" data-finish="${PASSKEY_SIGN_IN_PATH}">
<p class="alert" role="alert" id="passkey-error" hidden></p>
<button type="button" class="wide">${view.label}</button>
</div>
<script src="${PASSKEY_SCRIPT_PATH}" defer></script>`;
}
