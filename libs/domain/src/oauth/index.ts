export {
  describeScope,
  formatScope,
  isKnownScope,
  parseScope,
  resolveRequestedScopes,
  scopeCovers,
  SCOPES_SUPPORTED,
} from './scopes';
export { parseUriComponents } from './uri-components';
export { isLoopbackRedirectUri } from './redirect-uri-matcher';
export { CODE_CHALLENGE_METHODS_SUPPORTED, verifyPkce } from './pkce';
export {
  AUTHORIZATION_CODE_GRANT_TYPE,
  DEVICE_CODE_GRANT_TYPE,
  inDiscoveryOrder,
  REFRESH_TOKEN_GRANT_TYPE,
  TOKEN_EXCHANGE_GRANT_TYPE,
} from './grant-types';
export {
  type AccessTokenKind,
  classifyToken,
  type PersonalAccessTokenRole,
  type TokenRepository,
  tokenPrefix,
} from './token-format';
export {
  leakedCredentialCandidates,
  MAX_LEAKED_CREDENTIALS_PER_REPORT,
} from './leaked-credentials';
export { hasValidChecksum, TOKEN_CHECKSUM_LENGTH, withTokenChecksum } from './token-checksum';
export {
  DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
  expiresAt,
  isExpired,
  MAX_TOKEN_DURATION_SECONDS,
  MIN_TOKEN_DURATION_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  TRUSTED_PUBLISHER_TOKEN_TTL_SECONDS,
  validateTokenDuration,
} from './token-lifetime';
export {
  formatUserCode,
  normalizeUserCode,
  USER_CODE_RANDOM_BYTES,
  userCodeFromBytes,
} from './user-code';
export {
  DEFAULT_DEVICE_CODE_TTL_SECONDS,
  DEFAULT_POLL_INTERVAL_SECONDS,
  type DevicePollState,
  evaluatePoll,
} from './device-poll';
export {
  clientIdHostname,
  isClientIdMetadataUrl,
  validateClientIdUrl,
} from './client-id-metadata-url';
export {
  allRedirectUrisLoopback,
  CLIENT_METADATA_FETCH_TIMEOUT_MS,
  CLIENT_METADATA_MAX_BYTES,
  type ClientMetadata,
  validateMetadataDocument,
} from './client-id-metadata-document';
export { type CacheHeaders, cacheTtlFromHeaders } from './metadata-cache-ttl';
export {
  authenticateClient,
  type ClientAuthMethod,
  parseBasicAuthorization,
  presentedClient,
  TOKEN_ENDPOINT_AUTH_METHODS,
} from './client-authentication';
export {
  authorizationClientId,
  type AuthorizationParams,
  type AuthorizingClient,
  validateAuthorizationRequest,
} from './authorization-request';
export { authorizationErrorParams, buildAuthorizationResponseUrl } from './authorization-response';
export {
  canGrantRequiredOrgs,
  chooseGrantedScopes,
  consentCovers,
  type ConsentGrant,
  FIXED_CONSENT_SCOPES,
  selectGrantedOrgs,
} from './consent';
export {
  type OrganizationPlan,
  ORG_ROLES,
  type OrgMembership,
  type OrgRole,
  type UserAccount,
} from './account';
export { buildIdTokenClaims } from './id-token-claims';
export { buildLogoutTokenClaims, type LogoutTokenClaims, LOGOUT_TOKEN_TYPE } from './logout-token';
export { buildUserinfo, type Userinfo } from './userinfo';
export { buildWhoami, type Whoami, type WhoamiToken } from './whoami';
export { POLICY_ACTIONS, type PolicyAction } from './access-rules';
export {
  authorize,
  authorizePermission,
  type PolicyDecision,
  type PolicyToken,
} from './access-policy';
export {
  checkFineGrainedRequest,
  type CheckedFineGrainedRequest,
  type EntityType,
  type FineGrainedEntity,
  type FineGrainedGrant,
  type FineGrainedRequest,
  impliedPermissions,
  type Permission,
  PERMISSIONS,
  REPO_ENTITY_TYPES,
} from './token-permissions';
export { fineGrainedRequestBody } from './fine-grained-request-body';
export { fineGrainedPermissionsSchema } from './fine-grained-permissions-schema';
export { repositoryEntityId } from './repository-entity-id';
export { serviceAccountName, serviceAccountUsername } from './service-account-name';
export {
  grantTouchesOrg,
  ORG_TOKEN_BLOCK_MESSAGES,
  ORG_TOKEN_POLICIES,
  type OrgTokenBlock,
  orgTokenBlock,
  type OrgTokenPolicy,
  type OrgTokenStanding,
  type TokenApprovalDecision,
  type TokenApprovalState,
  tokenApprovalState,
} from './org-token-policy';
export {
  maskedTokenPreview,
  personalTokenExpiry,
  userAgentFamily,
} from './personal-token-lifecycle';
