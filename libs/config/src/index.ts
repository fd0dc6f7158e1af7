export { exitOnConfigError } from './exit-on-config-error';
export { configurationTableMarkdown } from './config-variables';
export { resolveEmbeddedSecrets } from './embedded-secrets';
export { type SecretsConfig } from './sections/secrets.section';
export { type NetworkConfig } from './sections/network.section';
export { type KafkaConfig } from './sections/kafka.section';
export { type WebhooksConfig } from './sections/webhooks.section';
export { type DeliveryConfig } from './sections/delivery.section';
export { DEFAULT_WEB_APP_DIR } from './sections/web-app.section';
export { type AuthConfig, loadAuthConfig } from './apps/auth.config';
export { loadTokenExchangeConfig, type TokenExchangeConfig } from './apps/token-exchange.config';
export {
  loadWebhookManagementConfig,
  type WebhookManagementConfig,
} from './apps/webhook-management.config';
export { type DeliveryWorkerConfig, loadDeliveryWorkerConfig } from './apps/delivery-worker.config';
export { type AllInOneConfig, loadAllInOneConfig } from './apps/all-in-one.config';
export { fatalLogLine } from './fatal-log-line';
export { tracingEnvironment, type TracingEnvironment } from './tracing-environment';
