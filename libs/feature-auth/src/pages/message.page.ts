import { html, SafeHtml } from './html';
import { renderPage } from './page-layout';

export interface MessagePageView {
  title: string;
  message: string;
  /** Extra markup under the message (a form, a hint). */
  extra?: SafeHtml;
  /** Shown as an alert (errors) rather than plain text. */
  alert?: boolean;
}

/** A page that says one thing: an authorization error, "signed out", "device connected". */
export function messagePage(view: MessagePageView): string {
  const message = view.alert
    ? html`<p class="alert" role="alert">${view.message}</p>`
    : html`<p>${view.message}</p>`;
  return renderPage(
    view.title,
    html`<h1>${view.title}</h1>
${message}
${view.extra}`,
  );
}
