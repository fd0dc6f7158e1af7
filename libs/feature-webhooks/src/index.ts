export { WebhooksModule } from './webhooks.module';
