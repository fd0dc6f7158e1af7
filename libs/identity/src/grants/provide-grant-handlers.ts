import type { Provider, Type } from '@nestjs/common';
import { GRANT_HANDLERS, GrantHandler } from './grant-handler';

/**
 * Providers registering grant handlers from one module: the handler classes themselves and this
 * module's GRANT_HANDLERS contribution. Use once per module, listing all of its handlers.
 */
export function provideGrantHandlers(...handlers: Type<GrantHandler>[]): Provider[] {
  return [
    ...handlers,
    {
      provide: GRANT_HANDLERS,
      useFactory: (...instances: GrantHandler[]) => instances,
      inject: handlers,
    },
  ];
}
