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
  /** The sign-in session's public id (the id_token's `sid`); absent from an earlier release. */
  sid: z.string().optional(),
  /**
   * Epoch milliseconds the code was issued; a code issued before the user withdrew the app's
   * access is refused. Absent in a code parked by an earlier release.
   */
  issuedAt: z.number().int().optional(),
  /** The grant id every token issued from this code carries, so a replay revokes them all. */
  familyId: z.string(),
  /**
   * The user and memberships as the authorization request, or the consent page's answer, read
   * them (docs/benchmarks.md "Returning sign-in"): the token request builds the id_token and
   * caches the new token's principal from them instead of reading them again. Absent in a code
   * parked by an earlier release; the token request then reads the user.
   */
  account: z
    .object({
      user: z.object({
        id: z.string(),
        username: z.string(),
        fullname: z.string(),
        email: z.string(),
        avatarUrl: z.string().nullable(),
        isPro: z.boolean(),
      }),
      memberships: z.array(
        z.object({
          organization: z.object({
            id: z.string(),
            name: z.string(),
            fullname: z.string(),
            plan: z.enum(['free', 'team', 'enterprise']),
            avatarUrl: z.string().nullable(),
          }),
          role: z.enum(['admin', 'write', 'contributor', 'read']),
        }),
      ),
      /** Absent in a code parked by an earlier release: the first bearer check then reads it. */
      twoFactor: z
        .object({ secondFactor: z.boolean(), twoFactorOrgIds: z.array(z.string()) })
        .optional(),
    })
    .optional(),
});

export type AuthorizationCodeRecord = z.infer<typeof authorizationCodeRecordSchema>;
