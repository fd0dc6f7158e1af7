import '@gatehouse/platform/tracing';
import '@gatehouse/persistence/postgres-driver-only';
import 'reflect-metadata';
import { exitOnConfigError, loadWebhookManagementConfig } from '@gatehouse/config';
import { bootstrapService, exitOnStartupFailure } from '@gatehouse/platform';
import { webhookManagementServiceModule } from './webhook-management-service.module';

const config = exitOnConfigError(
  () => loadWebhookManagementConfig(),
  undefined,
  'webhook-management',
);
exitOnStartupFailure(
  bootstrapService({
    name: config.service,
    module: webhookManagementServiceModule(config),
    port: config.http.port,
    logLevel: config.runtime.logLevel,
    shutdownGraceMs: config.runtime.shutdownGraceMs,
    internalToken: config.secrets.internalToken,
    internalTokenAccepted: config.secrets.internalTokenAccepted,
    trustedProxies: config.clientAddress.trustedProxies,
  }),
  { service: config.service },
);
