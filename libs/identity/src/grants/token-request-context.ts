/** One request to `POST /oauth/token`, as grant handlers see it. */
export interface TokenRequestContext {
  /** The form or JSON body, flattened to one string per parameter (RFC 6749 §3.2). */
  params: Record<string, string>;
  /** The raw Authorization header, if any. */
  authorization?: string;
  /**
   * The client's exact address (`clientAddressOf`: X-Forwarded-For believed only from
   * GATEHOUSE_TRUSTED_PROXIES), as audit entries record it; counters key on `rateLimitKeyOf(ip)`.
   */
  ip: string;
  now: Date;
}
