/**
 * POSTs a logout token to an app's back-channel logout URI (OpenID Connect Back-Channel Logout
 * 1.0 §2.5: `application/x-www-form-urlencoded`, `logout_token`). Throws unless the app answered
 * 2xx, so the event is tried again.
 */
export abstract class LogoutTokenSender {
  abstract send(uri: string, logoutToken: string): Promise<void>;
}
