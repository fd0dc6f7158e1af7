import { DynamicModule, Module } from '@nestjs/common';
import {
  LEAKED_TOKEN_MAIL_OPTIONS,
  LeakedTokenMailConsumer,
  type LeakedTokenMailOptions,
} from './leaked-token-mail.consumer';

/**
 * The e-mail to the owner of each token reported leaked (LeakedTokenMailConsumer). Needs
 * IdentityModule, FLOW_STORE, a MailTransport (MailModule) and the token events on the bus.
 */
@Module({})
export class LeakedTokenMailModule {
  static forRoot(options: LeakedTokenMailOptions): DynamicModule {
    return {
      module: LeakedTokenMailModule,
      controllers: [LeakedTokenMailConsumer],
      providers: [{ provide: LEAKED_TOKEN_MAIL_OPTIONS, useValue: options }],
    };
  }
}
