import { z } from 'zod';

/**
 * One device authorization as `POST /oauth/device` created it. Written once, never changed: what
 * polls and the user change lives in records of their own (see DeviceAuthorizations), so a poll
 * writing its timestamp can never overwrite the user's decision.
 */
export const deviceAuthorizationSchema = z.object({
  clientId: z.string(),
  clientName: z.string(),
  scopes: z.array(z.string()),
  /** The 8 letters of the user code, without the dash. */
  userCode: z.string(),
  /** Epoch milliseconds. */
  createdAt: z.number().int(),
  expiresAt: z.number().int(),
});

export type DeviceAuthorization = z.infer<typeof deviceAuthorizationSchema>;

/** The polling half of RFC 8628 §3.5: when the client last polled and the interval it must keep. */
export const devicePollingSchema = z.object({
  intervalSeconds: z.number().int().positive(),
  lastPolledAt: z.number().int().nullable(),
});

export type DevicePolling = z.infer<typeof devicePollingSchema>;

/** The user's answer on the consent page. Only the first answer counts. */
export const deviceDecisionSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('approved'),
    userId: z.string(),
    scopes: z.array(z.string()),
    orgIds: z.array(z.string()),
    /** Epoch milliseconds of the user's sign-in (OIDC `auth_time`). */
    authTime: z.number().int(),
    /** Epoch milliseconds of the approval; absent in one recorded by an earlier release. */
    decidedAt: z.number().int().optional(),
  }),
  z.object({ status: z.literal('denied') }),
]);

export type DeviceDecision = z.infer<typeof deviceDecisionSchema>;
