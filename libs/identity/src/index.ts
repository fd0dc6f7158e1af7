export { IdentityModule } from './identity.module';
export { IDENTITY_OPTIONS, type IdentityOptions } from './identity-options';
export { type Principal, type TokenPrincipal } from './principal/principal';
export { BearerAuthenticator } from './principal/bearer-authenticator';
export { type MembershipRecord, type UserRecord } from './accounts/ports/account-records';
export { PrincipalCache } from './principal/principal-cache';
export { HAS_SECOND_FACTOR } from './principal/infrastructure/sql-bearer-token.reader';
export { PrincipalInvalidator } from './principal/principal-invalidator';
export { bearerTokenOf } from './principal/bearer-credentials';
export { requestPrincipal } from './principal/principal-request';
export { BearerAuthGuard } from './guards/bearer-auth.guard';
export { CurrentPrincipal } from './guards/current-principal.decorator';
export { RequireScopes } from './guards/require-scopes.decorator';
export { RequireWriteAccess } from './guards/require-write-access.decorator';
export { RequirePermission } from './guards/require-permission.decorator';
export { actsAsUser, isFineGrained, mayChange } from './guards/access-checks';
export { principalAccount } from './accounts/principal-account';
export { isSignedIn, type LoadedSession, type SignedInSession } from './session/browser-session';
export {
  clearSessionCookie,
  readSessionCookie,
  writeSessionCookie,
} from './session/session-cookie';
export { SessionStore } from './session/session.store';
export { type AuthenticatedClient } from './clients/authenticated-client';
export { ClientAuthenticator } from './clients/client-authenticator';
export { ClientLookup } from './clients/ports/client-lookup';
export { appChangedMessage } from './clients/app-change-events';
export { type OAuthAppRecord } from './clients/ports/oauth-app-record';
export { oauthAppRecordOf } from './clients/infrastructure/oauth-app-row';
export { type GrantHandler } from './grants/grant-handler';
export { type TokenRequestContext } from './grants/token-request-context';
export { provideGrantHandlers } from './grants/provide-grant-handlers';
export { GrantHandlerRegistry } from './grants/grant-handler-registry';
export { type IssueTokenRequest, type TokenResponseBody } from './tokens/issue-token-request';
export { TokenIssuer } from './tokens/token-issuer';
export { type IssuedTokenRows, type IssuedTokenWrite } from './tokens/ports/issued-token.writer';
export { addIssuedTokenParts, CteStatement } from './tokens/infrastructure/sql-issued-token.writer';
export { TokenRevoker } from './tokens/token-revoker';
export { tokenIssuedMessage } from './tokens/token-events';
export { RandomSource } from './tokens/random-source';
export { SigningKeys } from './keys/signing-keys';
export { JoseSigningKeyCrypto } from './keys/infrastructure/jose-signing-key-crypto';
export { TypeOrmSigningKeyStore } from './keys/infrastructure/typeorm-signing-key.store';
export { TokenPruningModule } from './pruning/token-pruning.module';
export { TokenStore } from './tokens/ports/token.store';
export { AccountReader } from './accounts/ports/account.reader';
export { TransactionRunner } from './transactions/ports/transaction-runner';
export { OutboxWriter } from './transactions/ports/outbox.writer';
export { Transaction } from './transactions/ports/transaction';
export { entityManagerOf } from './transactions/infrastructure/typeorm-transaction';
export {
  type AccessTokenRecord,
  type PersonalTokenRecord,
  type RefreshRotationOutcome,
  type RefreshTokenRecord,
} from './tokens/ports/token-records';
