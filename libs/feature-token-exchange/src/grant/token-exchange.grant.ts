import { TOKEN_EXCHANGE_GRANT_TYPE } from '@gatehouse/domain';
import { Injectable } from '@nestjs/common';
import type { GrantHandler, TokenRequestContext, TokenResponseBody } from '@gatehouse/identity';
import { TokenExchangeClient } from './token-exchange-client';

/**
 * `grant_type=urn:ietf:params:oauth:grant-type:token-exchange` at `auth`'s `/oauth/token`: the one
 * handler for both token-exchange grants. It hands the request over whole (parameters,
 * Authorization header, address) to the token-exchange service, which routes by
 * `subject_token_type` (TokenExchangeService).
 */
@Injectable()
export class TokenExchangeGrantHandler implements GrantHandler {
  readonly grantType = TOKEN_EXCHANGE_GRANT_TYPE;

  constructor(private readonly client: TokenExchangeClient) {}

  handle(request: TokenRequestContext): Promise<TokenResponseBody> {
    return this.client.exchange({
      params: request.params,
      ...(request.authorization !== undefined && { authorization: request.authorization }),
      ip: request.ip,
    });
  }
}
