import '@gatehouse/platform/tracing';
import '@gatehouse/persistence/postgres-driver-only';
import 'reflect-metadata';
import { exitOnConfigError, loadDeliveryWorkerConfig } from '@gatehouse/config';
import { bootstrapService, exitOnStartupFailure } from '@gatehouse/platform';
import { deliveryWorkerServiceModule } from './delivery-worker-service.module';

const config = exitOnConfigError(() => loadDeliveryWorkerConfig(), undefined, 'delivery-worker');
exitOnStartupFailure(
  bootstrapService({
    name: config.service,
    module: deliveryWorkerServiceModule(config),
    port: config.http.port,
    logLevel: config.runtime.logLevel,
    shutdownGraceMs: config.runtime.shutdownGraceMs,
  }),
  { service: config.service },
);
