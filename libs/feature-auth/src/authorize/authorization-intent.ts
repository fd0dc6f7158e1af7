import { z } from 'zod';

/** `intent.kind` of consents asked by the authorization endpoint. */
export const AUTHORIZATION_INTENT = 'authorization_code';

/** What the authorization endpoint needs back after consent to answer the app. */
export const authorizationIntentSchema = z.object({
  redirectUri: z.string(),
  state: z.string().nullable(),
  nonce: z.string().nullable(),
  codeChallenge: z.object({ challenge: z.string(), method: z.literal('S256') }).nullable(),
  authTime: z.number().int(),
  /** The sign-in session's public id, for the id_token's `sid`; absent from an earlier release. */
  sid: z.string().optional(),
});

export type AuthorizationIntent = z.infer<typeof authorizationIntentSchema>;
