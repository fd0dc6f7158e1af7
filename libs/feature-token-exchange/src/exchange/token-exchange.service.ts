import { Injectable } from '@nestjs/common';
import { TOKEN_EXCHANGE_GRANT_TYPE, UnsupportedGrantType } from '@gatehouse/domain';
import type { TokenResponseBody } from '@gatehouse/identity';
import { ID_TOKEN_TYPE, TokenExchangeRequest } from './token-exchange-request';
import { TrustedPublisherExchange } from './trusted-publisher-exchange';
import { UserEmailExchange } from './user-email-exchange';

/**
 * The one entry point of `grant_type=urn:ietf:params:oauth:grant-type:token-exchange`: both
 * grants share the grant type and differ by `subject_token_type` (docs/oauth.md "Token exchange"). A CI id_token
 * goes to the trusted-publisher grant; everything else to the organization grant, which
 * authenticates the client before judging the subject token type.
 */
@Injectable()
export class TokenExchangeService {
  constructor(
    private readonly userEmail: UserEmailExchange,
    private readonly trustedPublishers: TrustedPublisherExchange,
  ) {}

  exchange(request: TokenExchangeRequest): Promise<TokenResponseBody> {
    const grantType = request.params.grant_type;
    if (grantType !== undefined && grantType !== TOKEN_EXCHANGE_GRANT_TYPE) {
      return Promise.reject(
        new UnsupportedGrantType(
          `grant_type '${grantType}' is not served by the token-exchange service`,
        ),
      );
    }
    return request.params.subject_token_type === ID_TOKEN_TYPE
      ? this.trustedPublishers.exchange(request)
      : this.userEmail.exchange(request);
  }
}
