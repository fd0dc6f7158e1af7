import { html } from './html';
import { messagePage } from './message.page';

export const SIGN_OUT_PATH = '/oauth/logout';

/** Asks before signing out: sign-out is a POST with a CSRF token, so no link can trigger it. */
export function signOutPage(view: { csrfToken: string; username: string }): string {
  return messagePage({
    title: 'Sign out',
    message: `You are signed in as ${view.username}.`,
    extra: html`<form method="post" action="${SIGN_OUT_PATH}">
<input type="hidden" name="csrf_token" value="${view.csrfToken}">
<div class="actions"><button type="submit" class="primary">Sign out</button></div>
</form>`,
  });
}
