import type { Provider, Type } from '@nestjs/common';
import { CONSENT_OUTCOME_HANDLERS, ConsentOutcomeHandler } from './consent-outcome';

/** Providers registering one module's consent outcome handlers (use once per module). */
export function provideConsentOutcomeHandlers(
  ...handlers: Type<ConsentOutcomeHandler>[]
): Provider[] {
  return [
    ...handlers,
    {
      provide: CONSENT_OUTCOME_HANDLERS,
      useFactory: (...instances: ConsentOutcomeHandler[]) => instances,
      inject: handlers,
    },
  ];
}
