import { z } from 'zod';

/**
 * One token-exchange grant request of `POST /oauth/token`, as `auth` hands it to the
 * token-exchange service (the body of `POST /internal/token-exchange`).
 */
export interface TokenExchangeRequest {
  /** The token request's parameters, one string each (RFC 6749 §3.2). */
  params: Record<string, string>;
  /** The client's Authorization header, if any. */
  authorization?: string;
  /** The client's address, for the audit log. */
  ip: string;
}

export const tokenExchangeRequestSchema = z.strictObject({
  params: z.record(z.string(), z.string()),
  authorization: z.string().optional(),
  ip: z.string().max(64),
});

/** RFC 8693 §3. */
export const ID_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:id_token';
export const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';
