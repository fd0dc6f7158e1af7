import { DynamicModule, Module } from '@nestjs/common';
import { provideGrantHandlers } from '@gatehouse/identity';
import { TokenExchangeServiceModule } from '../token-exchange-service.module';
import type { TokenExchangeServiceOptions } from '../token-exchange-options';
import {
  HTTP_TOKEN_EXCHANGE_CLIENT_OPTIONS,
  HttpTokenExchangeClient,
  HttpTokenExchangeClientOptions,
} from './http-token-exchange-client';
import { InProcessTokenExchangeClient } from './in-process-token-exchange-client';
import { TokenExchangeClient } from './token-exchange-client';
import { TokenExchangeGrantHandler } from './token-exchange.grant';

export type TokenExchangeGrantOptions =
  | ({ mode: 'http' } & HttpTokenExchangeClientOptions)
  /** The all-in-one: the service module is imported here, with its own options. */
  | { mode: 'in-process'; service: TokenExchangeServiceOptions };

/**
 * `auth`'s side of token exchange: registers TokenExchangeGrantHandler in GRANT_HANDLERS
 * (@gatehouse/identity) over the TokenExchangeClient of the runtime shape. Needs IdentityModule.
 */
@Module({})
export class TokenExchangeGrantModule {
  static forRoot(options: TokenExchangeGrantOptions): DynamicModule {
    if (options.mode === 'in-process') {
      return {
        module: TokenExchangeGrantModule,
        imports: [TokenExchangeServiceModule.forRoot(options.service)],
        providers: [
          { provide: TokenExchangeClient, useClass: InProcessTokenExchangeClient },
          ...provideGrantHandlers(TokenExchangeGrantHandler),
        ],
      };
    }
    const { mode: _mode, ...http } = options;
    return {
      module: TokenExchangeGrantModule,
      providers: [
        { provide: HTTP_TOKEN_EXCHANGE_CLIENT_OPTIONS, useValue: http },
        { provide: TokenExchangeClient, useClass: HttpTokenExchangeClient },
        ...provideGrantHandlers(TokenExchangeGrantHandler),
      ],
    };
  }
}
