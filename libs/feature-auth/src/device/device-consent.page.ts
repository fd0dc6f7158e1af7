import { ConsentPageView, consentForm } from '../pages/consent.page';
import { html } from '../pages/html';
import { renderPage } from '../pages/page-layout';

export interface DeviceConsentPageView {
  consent: ConsentPageView;
  /** The code the user typed, as the device shows it (`XXXX-XXXX`). */
  userCode: string;
  /** Whole minutes since the device asked. */
  requestedMinutesAgo: number;
}

/**
 * The consent page of the device flow: the shared consent form (it posts to the shared consent
 * endpoint, which hands the answer to DeviceConsentOutcome) under a warning first. RFC 8628 §5.4:
 * a phisher can start a device sign-in and send the victim the code; the page must make the
 * user ask themselves whether they started it, on a device of their own.
 */
export function deviceConsentPage(view: DeviceConsentPageView): string {
  const { consent } = view;
  const { app } = consent;
  return renderPage(
    `Authorize ${app.name} on a device`,
    html`<div class="who"><span class="muted">Signed in as <strong>${consent.username}</strong></span></div>
<h1>Authorize ${app.name} on a device</h1>
<p class="warning" role="note"><strong>Only approve this if you started this sign-in yourself, on a device you own.</strong> If someone sent you this code or link, or asked you to enter it, deny: they are trying to get into your account.</p>
<p class="muted">Device code <code>${view.userCode}</code>, requested ${ago(view.requestedMinutesAgo)}.</p>
${consentForm(consent)}`,
  );
}

function ago(minutes: number): string {
  if (minutes < 1) return 'just now';
  return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
}
