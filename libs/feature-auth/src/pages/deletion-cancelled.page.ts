import { html } from './html';
import { messagePage } from './message.page';

/** After a sign-in during an account's grace period: the deletion its owner asked for is off. */
export function deletionCancelledPage(returnTo: string): string {
  return messagePage({
    title: 'Welcome back',
    message:
      'You signed in before your account was deleted, so it will not be: the deletion you asked for is cancelled.',
    extra: html`<div class="actions"><a class="primary" href="${returnTo}">Continue</a></div>`,
  });
}
