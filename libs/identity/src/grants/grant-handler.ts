import type { TokenResponseBody } from '../tokens/issue-token-request';
import type { TokenRequestContext } from './token-request-context';

/**
 * One `grant_type` of `POST /oauth/token`. Throw OAuthError subclasses (@gatehouse/domain) for
 * RFC 6749 §5.2 errors; the endpoint answers them.
 */
export interface GrantHandler {
  readonly grantType: string;
  handle(request: TokenRequestContext): Promise<TokenResponseBody>;
}

/**
 * Multi-provider token of the grant handlers. Each module contributes its handlers with
 * `provideGrantHandlers(MyGrant, ...)` (or `{ provide: GRANT_HANDLERS, useExisting: MyGrant }`);
 * GrantHandlerRegistry collects the contributions of every module at start-up and refuses to
 * start when two handle the same grant type.
 */
export const GRANT_HANDLERS = Symbol('gatehouse.grantHandlers');
