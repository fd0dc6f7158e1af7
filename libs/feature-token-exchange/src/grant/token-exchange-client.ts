import type { TokenResponseBody } from '@gatehouse/identity';
import type { TokenExchangeRequest } from '../exchange/token-exchange-request';

/**
 * Port of `auth` to the token-exchange service: resolves to the token response, or rejects with
 * the OAuthError the service answered (the `/oauth/token` endpoint then answers it unchanged).
 */
export abstract class TokenExchangeClient {
  abstract exchange(request: TokenExchangeRequest): Promise<TokenResponseBody>;
}
