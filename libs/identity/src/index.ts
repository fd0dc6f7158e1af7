export * from './identity.module';
export * from './identity-options';

// Callers
export * from './principal/principal';
export * from './principal/bearer-authenticator';
export type { AccessTokenGrant, BearerMembershipRecord, BearerUserRecord, PersonalTokenGrant } from './principal/bearer-token-reader';
export { BearerTokenReader } from './principal/bearer-token-reader';
export { DEFAULT_PRINCIPAL_CACHE_TTL_MS, PrincipalCache } from './principal/principal-cache';
export { PrincipalInvalidator } from './principal/principal-invalidator';
export { PRINCIPAL_REVOCATION_GROUP, PrincipalRevocationConsumer } from './principal/principal-revocation.consumer';
export * from './principal/bearer-credentials';
export * from './principal/principal-request';
export * from './guards/bearer-auth.guard';
export * from './guards/current-principal.decorator';
export * from './guards/require-scopes.decorator';
export * from './guards/require-write-access.decorator';
export * from './guards/access-checks';
export * from './accounts/account-mapping';
export { principalAccount } from './accounts/principal-account';

// Browser sessions (written by the sign-in pages, accepted by the JSON API)
export { type BrowserSession, browserSessionSchema, isSignedIn, type LoadedSession, type SignedInSession } from './session/browser-session';
export { clearSessionCookie, readSessionCookie, sessionCookieName, writeSessionCookie } from './session/session-cookie';
export { SessionStore } from './session/session-store';
export { CSRF_HEADER, SessionAuthenticator } from './session/session-authenticator';

// Clients and grants of POST /oauth/token
export * from './clients/authenticated-client';
export * from './clients/client-authenticator';
export * from './clients/client-lookup';
export * from './grants/grant-handler';
export * from './grants/token-request-context';
export * from './grants/provide-grant-handlers';
export * from './grants/grant-handler-registry';

// Tokens and keys
export * from './tokens/issue-token-request';
export * from './tokens/token-issuer';
export * from './tokens/token-revoker';
export * from './tokens/token-events';
export * from './tokens/random-source';
export * from './keys/signing-keys';
export * from './keys/signing-key-store';
export * from './keys/signing-key-crypto';
export * from './keys/jose-signing-key-crypto';
export * from './keys/typeorm-signing-key.store';

// Pruning of expired tokens
export { ExpiredTokenStore } from './pruning/expired-token-store';
export { SqlExpiredTokenStore } from './pruning/sql-expired-token-store';
export { DEFAULT_TOKEN_PRUNE_BATCH_SIZE, DEFAULT_TOKEN_PRUNE_INTERVAL_MS, TokenPruner, type TokenPrunerOptions } from './pruning/token-pruner';
export { TokenPruningLifecycle, TokenPruningModule, type TokenPruningOptions } from './pruning/token-pruning.module';

// Ports and their database adapters
export * from './store/token-store';
export * from './store/account-reader';
export * from './store/transaction-runner';
export * from './store/outbox-writer';
export * from './store/typeorm-token-store';
export * from './store/typeorm-account-reader';
export * from './store/typeorm-transaction-runner';
export * from './store/typeorm-outbox-writer';
export { SqlBearerTokenReader } from './store/sql-bearer-token-reader';
export { IssuedTokenWriter, type IssuedTokenRows } from './store/issued-token-writer';
export { SqlIssuedTokenWriter } from './store/sql-issued-token-writer';

// Test doubles of the ports (in-memory), for unit tests of services built on them
export * from './testing/in-memory-token-store';
export { InMemoryBearerTokenReader } from './testing/in-memory-bearer-token-reader';
export { InMemoryIssuedTokenWriter } from './testing/in-memory-issued-token-writer';
export * from './testing/in-memory-accounts';
export * from './testing/recording-outbox';
export * from './testing/predictable-random';
export * from './testing/in-memory-signing-keys';
export * from './testing/in-memory-client-lookup';
export * from './testing/identity-test-kit';
