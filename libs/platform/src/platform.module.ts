import { DynamicModule, Global, Inject, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { Logger } from 'pino';
import { Registry } from 'prom-client';
import { ClockModule } from './clock/clock.module';
import { PlatformExceptionFilter } from './errors/platform-exception.filter';
import { RouteContextGuard } from './errors/route-context.guard';
import { HealthController } from './health/health.controller';
import { DEFAULT_READINESS_TIMEOUT_MS } from './health/readiness-check';
import { registerReadinessMetrics } from './health/readiness-metrics';
import { ReadinessRegistry } from './health/readiness-registry';
import { ReadinessModule } from './health/readiness.module';
import { InternalRoutesGuard } from './internal-auth/internal-routes.guard';
import { ACCEPTED_INTERNAL_TOKENS } from './internal-auth/internal-token';
import { InternalTokenGuard } from './internal-auth/internal-token.guard';
import { LOGGER } from './logging/logger.token';
import { HttpMetrics } from './metrics/http-metrics';
import { createMetricsRegistry, METRICS_REGISTRY } from './metrics/metrics-registry';
import { MetricsController } from './metrics/metrics.controller';
import { InFlightRequests } from './request/in-flight-requests';

export interface PlatformModuleOptions {
  service: string;
  logger: Logger;
  /** `GATEHOUSE_INTERNAL_TOKEN`; absent: `/internal/*` refuses every call. */
  internalToken?: string | null;
  /** `GATEHOUSE_INTERNAL_TOKEN_ACCEPTED`: a second value `/internal/*` accepts during a rotation. */
  internalTokenAccepted?: string | null;
  readinessTimeoutMs?: number;
  /** The request counter a draining process waits on (`createServiceApp` makes it). */
  inFlight?: InFlightRequests;
}

const PLATFORM_OPTIONS = Symbol('gatehouse.platformOptions');

/**
 * What every service has: `/healthz`, `/readyz`, `/metrics`, the global error filter, the
 * route-context and internal-token guards, and the process-wide `LOGGER`, `METRICS_REGISTRY`,
 * `CLOCK`, `ACCEPTED_INTERNAL_TOKENS` and `ReadinessRegistry` for features to inject.
 * `createServiceApp` imports it; a feature module never does.
 */
@Global()
@Module({})
export class PlatformModule {
  constructor(
    registry: ReadinessRegistry,
    @Inject(PLATFORM_OPTIONS) options: PlatformModuleOptions,
    @Inject(METRICS_REGISTRY) metrics: Registry,
  ) {
    registry.setTimeout(options.readinessTimeoutMs ?? DEFAULT_READINESS_TIMEOUT_MS);
    registerReadinessMetrics(metrics, registry);
  }

  static forRoot(options: PlatformModuleOptions): DynamicModule {
    return {
      module: PlatformModule,
      global: true,
      imports: [ReadinessModule, ClockModule],
      controllers: [HealthController, MetricsController],
      providers: [
        { provide: PLATFORM_OPTIONS, useValue: options },
        { provide: LOGGER, useValue: options.logger },
        { provide: InFlightRequests, useValue: options.inFlight ?? new InFlightRequests() },
        {
          provide: ACCEPTED_INTERNAL_TOKENS,
          useValue: [options.internalToken, options.internalTokenAccepted].filter(
            (token): token is string => !!token,
          ),
        },
        { provide: METRICS_REGISTRY, useFactory: () => createMetricsRegistry(options.service) },
        {
          provide: HttpMetrics,
          useFactory: (registry: Registry) => new HttpMetrics(registry),
          inject: [METRICS_REGISTRY],
        },
        InternalTokenGuard,
        // Global guards run in this order: the route's error shape is known before any guard can fail.
        { provide: APP_GUARD, useClass: RouteContextGuard },
        { provide: APP_GUARD, useClass: InternalRoutesGuard },
        { provide: APP_FILTER, useClass: PlatformExceptionFilter },
      ],
      exports: [
        LOGGER,
        ACCEPTED_INTERNAL_TOKENS,
        InFlightRequests,
        METRICS_REGISTRY,
        HttpMetrics,
        InternalTokenGuard,
        ReadinessModule,
        ClockModule,
      ],
    };
  }
}
