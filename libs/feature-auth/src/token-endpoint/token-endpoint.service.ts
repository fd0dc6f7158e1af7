import { Injectable } from '@nestjs/common';
import { InvalidRequest, UnsupportedGrantType } from '@gatehouse/domain';
import { GrantHandlerRegistry, TokenRequestContext, TokenResponseBody } from '@gatehouse/identity';

/** `POST /oauth/token`: hands the request to the handler of its `grant_type` (RFC 6749 §4, §5). */
@Injectable()
export class TokenEndpointService {
  constructor(private readonly grants: GrantHandlerRegistry) {}

  handle(request: TokenRequestContext): Promise<TokenResponseBody> {
    const grantType = request.params.grant_type;
    if (!grantType) throw new InvalidRequest('grant_type is required');
    const handler = this.grants.find(grantType);
    if (!handler) throw new UnsupportedGrantType(`grant_type '${grantType}' is not supported`);
    return handler.handle(request);
  }
}
