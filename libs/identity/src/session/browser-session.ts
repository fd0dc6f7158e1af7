import { z } from 'zod';

/**
 * A browser's session, kept in flow state under the hash of its cookie value. Every browser that
 * sees a form gets one (it holds the CSRF token); signing in replaces it with one naming the user.
 */
export const browserSessionSchema = z.object({
  csrfToken: z.string().min(1),
  userId: z.string().nullable(),
  /** Epoch milliseconds of the sign-in (OIDC `auth_time`). */
  authTime: z.number().int().nullable(),
  /**
   * The public id of a signed-in session: the sessions page's id and the `sid` of id_tokens and
   * logout tokens. Absent in an anonymous session, and in one signed in by an earlier release.
   */
  sid: z.string().optional(),
});

export type BrowserSession = z.infer<typeof browserSessionSchema>;

/** A session with its cookie value (the id), as handlers hold it. */
export interface LoadedSession {
  id: string;
  data: BrowserSession;
}

export interface SignedInSession extends LoadedSession {
  data: BrowserSession & { userId: string; authTime: number };
}

export function isSignedIn(session: LoadedSession | null): session is SignedInSession {
  return session !== null && session.data.userId !== null && session.data.authTime !== null;
}
