import type { INestApplication } from '@nestjs/common';
import type { MicroserviceOptions, NestMicroservice } from '@nestjs/microservices';
import { EventBusTransport } from './event-bus-transport';
import { EventHandlerFailureFilter } from './event-handler-failure.filter';

/**
 * Makes the application's `@EventPattern` methods consumers of its event bus, when it has one
 * (MessagingModule provides the EventBusTransport): the transport is connected as a Nest
 * microservice sharing the application's modules, and the handlers are registered and checked at
 * once, before the application's init hooks, so a feature can start its own consumers in them
 * (`startedBy: 'feature'`). `app.startAllMicroservices()` then starts the others.
 */
export function connectEventBusTransport(app: INestApplication): EventBusTransport | undefined {
  const transport = providerOrUndefined(app, EventBusTransport);
  if (!transport) return undefined;
  const microservice = app.connectMicroservice<MicroserviceOptions>(
    { strategy: transport },
    { deferInitialization: true },
  ) as NestMicroservice;
  // Filters are read when the handlers are registered: this one first, then the handlers.
  microservice.useGlobalFilters(new EventHandlerFailureFilter());
  microservice.registerListeners();
  microservice.setIsInitialized(true);
  // The application's init hooks run once, for both: the microservice shares its modules.
  microservice.setIsInitHookCalled(true);
  transport.verify();
  return transport;
}

function providerOrUndefined<T>(
  app: INestApplication,
  token: abstract new (...args: never[]) => T,
): T | undefined {
  try {
    return app.get(token, { strict: false });
  } catch {
    // Nest's UnknownElementException: no module provides it.
    return undefined;
  }
}
