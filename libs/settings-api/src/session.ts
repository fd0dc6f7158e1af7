/** What the settings pages learn about the browser session (`GET /api/session`). */
export interface SessionView {
  user: { id: string; name: string; fullname: string; email: string; avatarUrl: string | null };
  orgs: { id: string; name: string; fullname: string; roleInOrg: string }[];
  /** Sent back as `X-CSRF-Token` on every API call made with the session. */
  csrfToken: string;
}

/** One signed-in browser of the account (`GET /api/settings/sessions`). */
export interface SignInSessionView {
  /** A public id for `DELETE /api/settings/sessions/{id}`: never the session cookie's secret. */
  id: string;
  /** The browser and system in plain words, from its User-Agent ("Chrome on Linux"). */
  device: string;
  /** The client address it signed in from. */
  address: string;
  signedInAt: string;
  /** To the minute. */
  lastActiveAt: string;
  /** The browser asking. */
  current: boolean;
}

/** The answer to "sign out all other sessions". */
export interface OtherSessionsEndedView {
  sessionsEnded: number;
}
