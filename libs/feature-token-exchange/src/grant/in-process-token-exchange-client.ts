import { Injectable } from '@nestjs/common';
import type { TokenResponseBody } from '@gatehouse/identity';
import { TokenExchangeService } from '../exchange/token-exchange.service';
import type { TokenExchangeRequest } from '../exchange/token-exchange-request';
import { TokenExchangeClient } from './token-exchange-client';

/** The all-in-one: the token-exchange service runs in the same process. */
@Injectable()
export class InProcessTokenExchangeClient extends TokenExchangeClient {
  constructor(private readonly service: TokenExchangeService) {
    super();
  }

  exchange(request: TokenExchangeRequest): Promise<TokenResponseBody> {
    return this.service.exchange(request);
  }
}
