/** What the settings pages learn about the browser session (`GET /api/session`). */
export interface SessionView {
  user: { id: string; name: string; fullname: string; email: string; avatarUrl: string | null };
  orgs: { id: string; name: string; fullname: string; roleInOrg: string }[];
  /** Sent back as `X-CSRF-Token` on every API call made with the session. */
  csrfToken: string;
}
