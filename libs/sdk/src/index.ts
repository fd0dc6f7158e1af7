// Receiving webhooks (EXPERIMENTAL: pin the package version).
export { WebhooksServer } from './webhooks/webhooks-server';
export type {
  LaunchedWebhooksServer,
  WebhooksServerLaunchOptions,
  WebhooksServerOptions,
  WebhooksServerUi,
} from './webhooks/webhooks-server-options';
export type { WebhookHandler, WebhookRequest } from './webhooks/webhook-handler';
export type {
  WebhookComment,
  WebhookDiscussion,
  WebhookDiscussionChanges,
  WebhookDiscussionStatus,
  WebhookEntityRef,
  WebhookEvent,
  WebhookEventAction,
  WebhookInfoRef,
  WebhookMovedTo,
  WebhookPayload,
  WebhookRepo,
  WebhookRepoType,
  WebhookUpdatedRef,
  WebhookUrls,
} from './webhooks/webhook-payload';
export { parseWebhookPayload } from './webhooks/parse-webhook-payload';
export { WebhookPayloadError } from './webhooks/webhook-payload.error';
export type { ProcessExitHooks } from './webhooks/auto-start';

// Tunnels.
export type { OpenTunnel, TunnelOpenOptions, TunnelProvider } from './tunnel/tunnel-provider';
export { DEFAULT_LOCAL_TUNNEL_HOST, LocalTunnelProvider } from './tunnel/local-tunnel-provider';
export type { LocalTunnelProviderOptions } from './tunnel/local-tunnel-provider';
export { TunnelError } from './tunnel/tunnel.error';

// Managing webhooks.
export { GatehouseClient } from './client/gatehouse-client';
export type { GatehouseClientOptions } from './client/gatehouse-client';
export type {
  CreateWebhookOptions,
  UpdateWebhookOptions,
  WatchedItemType,
  WebhookDomain,
  WebhookJobToken,
  WebhookInfo,
  WebhookJobSpec,
  WebhookWatchedItem,
} from './client/webhook-info';
export type { WhoAmI, WhoAmIAuth, WhoAmIOrg } from './client/whoami';
export { parseWatchedItem } from './client/watched-item';
export {
  BadRequestError,
  ForbiddenError,
  GatehouseHttpError,
  NotFoundError,
  RateLimitError,
  UnauthorizedError,
} from './client/gatehouse-http.error';
export type { GatehouseHttpErrorDetails } from './client/gatehouse-http.error';
export { GatehouseResponseError } from './client/gatehouse-response.error';

// Signing in.
export { deviceLogin, DEVICE_CODE_GRANT_TYPE } from './auth/device-login';
export type { DeviceCodePrompt, DeviceLoginOptions } from './auth/device-login';
export { refreshTokens } from './auth/refresh-tokens';
export type { RefreshTokensOptions } from './auth/refresh-tokens';
export type { OAuthTokens } from './auth/oauth-tokens';
export {
  AccessDeniedError,
  ExpiredTokenError,
  GatehouseOAuthError,
} from './auth/gatehouse-oauth.error';

export type { Logger } from './internal/logger';
export { SDK_VERSION } from './internal/sdk-version';
