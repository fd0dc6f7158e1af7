/** One request to `POST /oauth/token`, as grant handlers see it. */
export interface TokenRequestContext {
  /** The form or JSON body, flattened to one string per parameter (RFC 6749 §3.2). */
  params: Record<string, string>;
  /** The raw Authorization header, if any. */
  authorization?: string;
  /** The client's address (behind the ingress, from X-Forwarded-For). */
  ip: string;
  now: Date;
}
