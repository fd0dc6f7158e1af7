import { z } from 'zod';

/** What an authorization code is bound to (RFC 6749 §4.1.3, RFC 7636 §4.4, OIDC Core §3.1.3.2). */
export const authorizationCodeRecordSchema = z.object({
  clientId: z.string(),
  userId: z.string(),
  /** The redirect URI of the authorization request; the token request must repeat it exactly. */
  redirectUri: z.string(),
  scopes: z.array(z.string()),
  orgIds: z.array(z.string()),
  codeChallenge: z.object({ challenge: z.string(), method: z.literal('S256') }).nullable(),
  nonce: z.string().nullable(),
  /** Epoch milliseconds of the user's sign-in (`auth_time`). */
  authTime: z.number().int(),
  /** The grant id every token issued from this code carries, so a replay revokes them all. */
  familyId: z.string(),
});

export type AuthorizationCodeRecord = z.infer<typeof authorizationCodeRecordSchema>;
