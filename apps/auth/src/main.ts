import '@gatehouse/platform/tracing';
import '@gatehouse/persistence/postgres-driver-only';
import 'reflect-metadata';
import { exitOnConfigError, loadAuthConfig } from '@gatehouse/config';
import { bootstrapService, exitOnStartupFailure } from '@gatehouse/platform';
import { authServiceModule } from './auth-service.module';

const config = exitOnConfigError(() => loadAuthConfig(), undefined, 'auth');
exitOnStartupFailure(
  bootstrapService({
    name: config.service,
    module: authServiceModule(config),
    port: config.http.port,
    logLevel: config.runtime.logLevel,
    shutdownGraceMs: config.runtime.shutdownGraceMs,
    internalToken: config.secrets.internalToken,
    internalTokenAccepted: config.secrets.internalTokenAccepted,
    trustedProxies: config.clientAddress.trustedProxies,
  }),
  { service: config.service },
);
