import { DynamicModule, Module, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Express } from 'express';
import { DestinationStream, Logger } from 'pino';
import { connectEventBusTransport } from '../consumers/connect-event-bus-transport';
import { createLogger, LogLevel } from '../logging/create-logger';
import { NestJsonLogger } from '../logging/nest-json-logger';
import { HttpMetrics } from '../metrics/http-metrics';
import { PlatformModule } from '../platform.module';
import { DEFAULT_BODY_LIMIT } from '../request/body-parsers';
import { ClientAddressRule } from '../request/client-address';
import { InFlightRequests } from '../request/in-flight-requests';
import { declaredLeanRoutes, leanDispatcher, resolveLeanRoutes } from '../request/lean-routes';
import { requestPipelineMiddleware } from '../request/request-pipeline';
import { tracingStarted } from '../tracing/tracing-state';
import { GatehouseExpressAdapter } from './gatehouse-express-adapter';

export interface ServiceAppOptions {
  /** Service name: the `service` field of every log line and label of every metric. */
  name: string;
  /** The service's feature module (its infrastructure modules imported by it). */
  module: Type<unknown> | DynamicModule;
  logLevel?: LogLevel;
  /** A log line per request (the access log); default true. The metric is observed either way. */
  accessLog?: boolean;
  /** `GATEHOUSE_INTERNAL_TOKEN` from the app's configuration. */
  internalToken?: string | null;
  /** `GATEHOUSE_INTERNAL_TOKEN_ACCEPTED`: the other value accepted during a rotation. */
  internalTokenAccepted?: string | null;
  readinessTimeoutMs?: number;
  /** Largest JSON or form body accepted; default 1 MB. */
  bodyLimit?: string;
  /**
   * GATEHOUSE_TRUSTED_PROXIES: CIDR blocks of the proxies whose X-Forwarded-For is believed
   * (ClientAddressRule); default none, so the TCP peer is the client.
   */
  trustedProxies?: readonly string[];
  /** Where log lines go (default stdout); or a ready logger. */
  logDestination?: DestinationStream;
  logger?: Logger;
  /**
   * Whether `@LeanRoute()` handlers are served ahead of Express's router (`lean-routes.ts`);
   * default true, false while tracing runs, so the Express spans stay as they are.
   */
  leanRoutes?: boolean;
}

@Module({})
class ServiceRootModule {}

/**
 * Builds and initializes a service's Nest application without listening: JSON logging, request
 * ids, each request's client address (ClientAddressRule), the access log and HTTP metrics, security headers, the body parsers (1 MB, raw body
 * kept), the global error filter and guards, `/healthz`, `/readyz` and `/metrics`; uncached JSON
 * answers are written without Express's ETag (`GatehouseExpressAdapter`); `@LeanRoute()` handlers
 * are served ahead of Express's router (`lean-routes.ts`). With an event bus
 * (MessagingModule), its `@EventPattern` handlers are its consumers (EventBusTransport): checked
 * before the init hooks, started after them.
 * Tests call it directly; `bootstrapService` adds listening and draining.
 */
export async function createServiceApp(
  options: ServiceAppOptions,
): Promise<NestExpressApplication> {
  const logger =
    options.logger ??
    createLogger({
      service: options.name,
      level: options.logLevel,
      destination: options.logDestination,
    });
  const inFlight = new InFlightRequests();
  const root: DynamicModule = {
    module: ServiceRootModule,
    imports: [
      PlatformModule.forRoot({
        service: options.name,
        logger,
        internalToken: options.internalToken,
        internalTokenAccepted: options.internalTokenAccepted,
        readinessTimeoutMs: options.readinessTimeoutMs,
        inFlight,
      }),
      options.module,
    ],
  };
  const adapter = new GatehouseExpressAdapter();
  const app = await NestFactory.create<NestExpressApplication>(root, adapter, {
    logger: new NestJsonLogger(logger),
    bodyParser: false,
    // Nest would otherwise abort the process on a start-up error instead of letting it be reported.
    abortOnError: false,
  });
  const clientAddress = new ClientAddressRule(options.trustedProxies);
  app.set('trust proxy', clientAddress.trustProxy);
  app.disable('x-powered-by');
  app.use(
    requestPipelineMiddleware({
      accessLog: options.accessLog ?? true,
      logger,
      metrics: app.get(HttpMetrics),
      inFlight,
      bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
      clientAddress,
    }),
  );
  try {
    const transport = connectEventBusTransport(app);
    await app.init();
    if (options.leanRoutes ?? !tracingStarted()) {
      const express = app.getHttpAdapter().getInstance() as Express;
      adapter.useLeanRoutes(
        leanDispatcher(express, resolveLeanRoutes(express, declaredLeanRoutes(app))),
      );
    }
    if (transport) await app.startAllMicroservices();
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}
