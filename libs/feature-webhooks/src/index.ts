export { WebhooksModule } from './webhooks.module';
export { WEBHOOKS_OPENAPI } from './webhooks-openapi';
