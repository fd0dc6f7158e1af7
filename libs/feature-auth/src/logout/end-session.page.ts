import { html } from '../pages/html';
import { messagePage } from '../pages/message.page';
import type { LogoutReturn } from './end-session.service';

const END_SESSION_PATH = '/oauth/end-session';

/**
 * Asks before an RP-initiated logout the request cannot tie to the signed-in person (no
 * `id_token_hint`, or one of someone else): a POST with the session's CSRF token signs out, so a
 * link from any site cannot (OpenID Connect RP-Initiated Logout 1.0 §6).
 */
export function endSessionPage(view: {
  csrfToken: string;
  username: string;
  then: LogoutReturn;
}): string {
  const { then } = view;
  const hidden = (name: string, value: string | null) =>
    value === null ? html`` : html`<input type="hidden" name="${name}" value="${value}">`;
  return messagePage({
    title: 'Sign out?',
    message:
      then.appName === null
        ? `You are signed in as ${view.username}. Do you want to sign out of Gatehouse?`
        : `${then.appName} asks to sign you out of Gatehouse. You are signed in as ${view.username}.`,
    extra: html`<form method="post" action="${END_SESSION_PATH}">
<input type="hidden" name="csrf_token" value="${view.csrfToken}">
<input type="hidden" name="confirm" value="yes">
${hidden('client_id', then.clientId)}
${hidden('post_logout_redirect_uri', then.postLogoutRedirectUri)}
${hidden('state', then.state)}
<div class="actions"><button type="submit" class="primary">Sign out</button> <a href="/">Stay signed in</a></div>
</form>`,
  });
}
