/** What IdentityModule.forRoot takes (from the app's configuration). */
export interface IdentityOptions {
  /** GATEHOUSE_PUBLIC_URL: the OAuth issuer and the base of profile and avatar URLs. */
  publicUrl: string;
  /** GATEHOUSE_ENCRYPTION_KEY (base64 of 32 bytes): seals signing keys at rest. */
  encryptionKey: string;
  /**
   * How long a replica keeps the signing keys it read before reading them again, so a rotation
   * made elsewhere (the CLI, another replica) is picked up. Default 60 s.
   */
  signingKeyCacheTtlMs?: number;
  /**
   * How long a process answers client lookups from an app it read (CachedClientLookup): the
   * longest an app changed through another process (a secret rotated or an app deleted on another
   * replica, a seed) keeps authenticating as before here. Default 1 s; 0 reads every time.
   */
  clientCacheTtlMs?: number;
  /**
   * Follow oauth_app.changed events (AppChangeConsumer, a group of this process alone), so an app
   * changed through another process is read again at once rather than after clientCacheTtlMs. On
   * in the services that authenticate clients (auth, token-exchange, the all-in-one).
   */
  followAppChanges?: boolean;
  /**
   * Longest life of a bearer token's cached principal (PrincipalCache); revocations clear it
   * sooner. It bounds how long a change made outside the services (a seed file) takes to show.
   * Default 60 s; 0 turns the cache off.
   */
  principalCacheTtlMs?: number;
  /**
   * The principals each process keeps in front of PrincipalCache, dropped when any process
   * invalidates them: at most `maxEntries` (default 10,000) taking at most `maxBytes` (default
   * 8 MiB, estimated), each at most `ttlMs` (default 1 s, how long a revocation could take to
   * show should its invalidation be lost). 0 turns it off.
   */
  inProcessPrincipalCache?: { maxEntries?: number; maxBytes?: number; ttlMs?: number };
  /**
   * How often the personal tokens' last uses noted in memory are written (TokenUsageRecorder), in
   * one statement. Default 15 s; 0 writes only when asked (tests) and at shutdown.
   */
  tokenUsageFlushMs?: number;
}

export const IDENTITY_OPTIONS = Symbol('gatehouse.identityOptions');
