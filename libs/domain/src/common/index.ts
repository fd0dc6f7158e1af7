export {
  AccessDenied,
  AuthorizationPending,
  ConsentRequired,
  ExpiredToken,
  InvalidClient,
  InvalidGrant,
  InvalidRequest,
  InvalidScope,
  InvalidTarget,
  InvalidToken,
  LoginRequired,
  OAuthError,
  type OAuthErrorCode,
  oauthErrorStatus,
  RateLimited,
  ServerError,
  SlowDown,
  TemporarilyUnavailable,
  UnauthorizedClient,
  UnsupportedGrantType,
  UnsupportedResponseType,
} from './oauth.error';
export { ApiError, apiErrorStatus } from './api.error';
export { isObjectId, objectId } from './object-id';
export { type Clock, systemClock } from './clock';
