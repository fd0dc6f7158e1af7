import '@gatehouse/platform/tracing';
import '@gatehouse/persistence/postgres-driver-only';
import 'reflect-metadata';
import { exitOnConfigError, loadTokenExchangeConfig } from '@gatehouse/config';
import { bootstrapService, exitOnStartupFailure } from '@gatehouse/platform';
import { tokenExchangeServiceModule } from './token-exchange-service.module';

const config = exitOnConfigError(() => loadTokenExchangeConfig(), undefined, 'token-exchange');
exitOnStartupFailure(
  bootstrapService({
    name: config.service,
    module: tokenExchangeServiceModule(config),
    port: config.http.port,
    logLevel: config.runtime.logLevel,
    shutdownGraceMs: config.runtime.shutdownGraceMs,
    internalToken: config.secrets.internalToken,
    internalTokenAccepted: config.secrets.internalTokenAccepted,
    trustedProxies: config.clientAddress.trustedProxies,
  }),
  { service: config.service },
);
