export * from './webhooks.module';
export * from './webhooks-module-options';
export type { WebhookActivityView, DeliveryView, DeliveryAttemptView, TriggerUsageView } from './application/webhook-activity-view';
export type { ReplayAccepted } from './application/replay-delivery.use-case';
export { HostResolver } from './ports/host-resolver';
export type { HostResolution } from './ports/host-resolver';
