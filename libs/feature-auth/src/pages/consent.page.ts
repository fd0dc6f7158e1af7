import { html } from './html';
import { renderPage } from './page-layout';
import { SIGN_OUT_PATH } from './sign-out.page';

export const CONSENT_PATH = '/oauth/consent';

export interface ConsentPageView {
  csrfToken: string;
  consentId: string;
  username: string;
  app: {
    name: string;
    /** Metadata-document apps: the client ID's host name, the only thing vouching for the name. */
    clientIdHost: string | null;
    /** Every redirect URI is on loopback: anyone could publish this document (docs/oauth.md "Consent"). */
    loopbackOnly: boolean;
  };
  /** `fixed`: always granted (who the user is), shown without a box. */
  scopes: Array<{ name: string; description: string; fixed: boolean }>;
  organizations: Array<{
    id: string;
    name: string;
    fullname: string;
    checked: boolean;
    required: boolean;
  }>;
  /** The app requires an organization this account does not belong to: the page offers only Deny. */
  requiresUnavailableOrganization: boolean;
}

/**
 * The consent page (docs/oauth.md "Consent"). An organization the app requires (`orgIds`) is shown checked
 * and disabled, with a hidden field carrying it, since a disabled checkbox is not submitted; the
 * server enforces the requirement whatever the form says.
 */
export function consentPage(view: ConsentPageView): string {
  const { app } = view;
  return renderPage(
    `Authorize ${app.name}`,
    html`<div class="who"><span class="muted">Signed in as <strong>${view.username}</strong></span><a class="muted" href="${SIGN_OUT_PATH}">Not you?</a></div>
<h1>Authorize ${app.name}</h1>
${app.clientIdHost && html`<p class="client-id muted">This app is published by <code>${app.clientIdHost}</code>.</p>`}
${
  app.loopbackOnly &&
  html`<p class="warning" role="note">This app only returns to addresses on your own computer. Anyone can publish an app under this name: continue only if you started this sign-in from a program you trust.</p>`
}
${consentForm(view)}`,
  );
}

/**
 * What every consent page asks: the requested scopes (each one the user may refuse with a box,
 * ticked), the organization boxes and the two buttons, posting to the shared consent endpoint
 * (the device flow's page reuses it).
 */
export function consentForm(view: ConsentPageView) {
  return html`<form method="post" action="${CONSENT_PATH}">
<input type="hidden" name="csrf_token" value="${view.csrfToken}">
<input type="hidden" name="consent_id" value="${view.consentId}">
<input type="hidden" name="scope_choice" value="1">
<fieldset class="scopes">
<legend>${view.app.name} wants to:</legend>
${view.scopes.map((scope) => scopeItem(scope))}
</fieldset>
${
  view.organizations.length > 0 &&
  html`<fieldset>
<legend>Organizations the app may access</legend>
${view.organizations.map((org) => organizationCheckbox(org))}
</fieldset>`
}
${
  view.requiresUnavailableOrganization &&
  html`<p class="warning" role="note">${view.app.name} requires access to an organization your account is not a member of, so it cannot be authorized for this account. Deny to return to the app, or sign in with another account.</p>`
}
<div class="actions">
<button type="submit" name="decision" value="deny"${view.requiresUnavailableOrganization ? html` class="primary"` : ''}>Deny</button>
${!view.requiresUnavailableOrganization && html`<button type="submit" name="decision" value="authorize" class="primary">Authorize</button>`}
</div>
</form>`;
}

function scopeItem(scope: ConsentPageView['scopes'][number]) {
  if (scope.fixed)
    return html`<div class="scope">${scope.description} <code>${scope.name}</code></div>`;
  const id = `scope-${scope.name}`;
  return html`<div class="scope"><input type="checkbox" id="${id}" name="scopes" value="${scope.name}" checked><label for="${id}">${scope.description} <code>${scope.name}</code></label></div>`;
}

function organizationCheckbox(org: ConsentPageView['organizations'][number]) {
  const id = `org-${org.id}`;
  const label =
    org.fullname && org.fullname !== org.name ? `${org.fullname} (${org.name})` : org.name;
  if (org.required) {
    return html`<div class="org"><input type="checkbox" id="${id}" checked disabled aria-describedby="${id}-required"><input type="hidden" name="org_ids" value="${org.id}"><label for="${id}">${label} <span class="required" id="${id}-required">required by the app</span></label></div>`;
  }
  return html`<div class="org"><input type="checkbox" id="${id}" name="org_ids" value="${org.id}"${org.checked ? html` checked` : ''}><label for="${id}">${label}</label></div>`;
}
